import type { ClusterBus, StreamFrame } from '../../core/ports/cluster-bus';

/** What a publisher of stream topics needs: the hub itself, or the bus in front of every hub. */
export interface StreamPublisher {
  publish(topic: string, data: unknown): void;
  /** Whether publishing `topic` can reach anyone (the market skips unwatched snapshots). */
  hasSubscribers(topic: string): boolean;
}

export interface ClusterStream {
  /** Hand the market this instead of the hub. */
  publisher: StreamPublisher;
  /** Stops listening to the bus and drops frames not yet sent. */
  detach(): void;
}

/**
 * Market data for every instance's clients. On one instance the publisher is the hub itself, as
 * before. Across instances the instance holding the feed publishes frames on the bus, batched per
 * turn of the event loop (a burst of ticks is one message), and every instance's hub, its own
 * included, sends them to its clients: each frame reaches a hub once, through the bus only.
 */
export function clusterStream(
  bus: ClusterBus,
  hub: StreamPublisher,
  onError: (error: unknown) => void = () => {},
): ClusterStream {
  if (!bus.spansInstances) return { publisher: hub, detach: () => {} };
  const unsubscribe = bus.subscribe('stream-frames', (event) => {
    for (const frame of event.frames) hub.publish(frame.topic, frame.data);
  });
  let batch: StreamFrame[] = [];
  let flush: ReturnType<typeof setImmediate> | null = null;
  const send = () => {
    flush = null;
    const frames = batch;
    batch = [];
    bus.publish({ type: 'stream-frames', frames }).catch(onError);
  };
  return {
    publisher: {
      publish(topic, data) {
        batch.push({ topic, data });
        flush ??= setImmediate(send);
      },
      // Another instance's clients may watch it: this hub cannot tell, so a snapshot always goes out.
      hasSubscribers: () => true,
    },
    detach() {
      unsubscribe();
      if (flush) clearImmediate(flush);
      flush = null;
      batch = [];
    },
  };
}
