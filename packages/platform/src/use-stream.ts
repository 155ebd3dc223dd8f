import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { usePlatform } from './platform-context';

/**
 * Calls `onMessage` with every message on `topic` that matches `schema`, for as long as the
 * component is mounted (or until `topic` is null). Messages of another shape are dropped, not trusted.
 */
export function useStreamTopic<T extends z.ZodType>(
  topic: string | null,
  schema: T,
  onMessage: (message: z.infer<T>) => void,
): void {
  const { subscribe } = usePlatform();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (topic === null) return;
    return subscribe(topic, (payload) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) handler.current(parsed.data);
    });
  }, [subscribe, topic, schema]);
}

/** The latest message on `topic`, or null until one arrives. */
export function useLatestFromStream<T extends z.ZodType>(topic: string | null, schema: T): z.infer<T> | null {
  const [latest, setLatest] = useState<z.infer<T> | null>(null);
  useStreamTopic(topic, schema, setLatest);
  return latest;
}

/**
 * Latest price per symbol from the `ticks:SYMBOL` topics, in paise. Subscribes to exactly the
 * symbols given and drops the others as the list changes.
 */
export function useLivePrices(symbols: readonly string[]): ReadonlyMap<string, number> {
  const { subscribe } = usePlatform();
  const [prices, setPrices] = useState<ReadonlyMap<string, number>>(() => new Map());
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const unsubscribers = key.split(',').map((symbol) =>
      subscribe(`ticks:${symbol}`, (payload) => {
        const ltp = (payload as { ltp?: unknown } | null)?.ltp;
        if (typeof ltp !== 'number' || !Number.isFinite(ltp)) return;
        setPrices((current) => {
          if (current.get(symbol) === ltp) return current;
          const next = new Map(current);
          next.set(symbol, ltp);
          return next;
        });
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [subscribe, key]);
  return prices;
}
