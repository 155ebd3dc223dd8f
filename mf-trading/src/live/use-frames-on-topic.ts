import { useStreamTopic } from '@td/platform';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

// Module-level loaders, so a hook's effect sees the same function on every render.
export const loadIndicesFrameSchema = () => import('./frame-schemas').then((s) => s.indicesFrameSchema);
export const loadPortfolioFrameSchema = () => import('./frame-schemas').then((s) => s.portfolioFrameSchema);

/**
 * `useStreamTopic` with the frame's schema loaded on first use: until it is in, the topic is not
 * subscribed (a frame is never taken unchecked) and the polled query shows meanwhile.
 */
export function useFramesOnTopic<T extends z.ZodType>(
  topic: string,
  loadSchema: () => Promise<T>,
  onFrame: (frame: z.infer<T>) => void,
): void {
  const [schema, setSchema] = useState<T | null>(null);
  useEffect(() => {
    let mounted = true;
    // A schema that fails to load leaves the topic unsubscribed: the polled query keeps the figures.
    void loadSchema()
      .then((loaded) => {
        if (mounted) setSchema(() => loaded);
      })
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [loadSchema]);
  // With no topic nothing is subscribed, so the stand-in schema is never read.
  useStreamTopic<T>(schema ? topic : null, schema ?? (NEVER_READ as T), onFrame);
}

const NEVER_READ: unknown = { safeParse: () => ({ success: false }) };
