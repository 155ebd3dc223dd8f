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

export interface PerTurnBatch<T> {
  add(item: T): void;
  /** Forgets what is not sent yet. */
  drop(): void;
}

/** Collects items and hands them to `send` once per turn of the event loop: a burst is one bus message. */
export function batchPerTurn<T>(send: (items: T[]) => void): PerTurnBatch<T> {
  let batch: T[] = [];
  let flush: ReturnType<typeof setImmediate> | null = null;
  const sendBatch = () => {
    flush = null;
    const items = batch;
    batch = [];
    send(items);
  };
  return {
    add(item) {
      batch.push(item);
      flush ??= setImmediate(sendBatch);
    },
    drop() {
      if (flush) clearImmediate(flush);
      flush = null;
      batch = [];
    },
  };
}

/**
 * Market data for every instance's clients. On one instance the publisher is the hub itself, as
 * before. Across instances only the leader's market publishes (`leading`): its frames go on the bus,
 * batched per turn of the event loop, and every instance's hub, its own included, sends them to its
 * clients, so each frame reaches a hub once. A follower's market keeps its state and publishes
 * nothing: its clients would otherwise get the same index snapshot twice.
 */
export function clusterStream(
  bus: ClusterBus,
  hub: StreamPublisher,
  onError: (error: unknown) => void = () => {},
  leading: () => boolean = () => true,
): ClusterStream {
  if (!bus.spansInstances) return { publisher: hub, detach: () => {} };
  const unsubscribe = bus.subscribe('stream-frames', (event) => {
    for (const frame of event.frames) hub.publish(frame.topic, frame.data);
  });
  const batch = batchPerTurn<StreamFrame>((frames) => {
    bus.publish({ type: 'stream-frames', frames }).catch(onError);
  });
  return {
    publisher: {
      publish(topic, data) {
        if (leading()) batch.add({ topic, data });
      },
      // Another instance's clients may watch it: this hub cannot tell, so the leader's snapshot always goes out.
      hasSubscribers: () => leading(),
    },
    detach() {
      unsubscribe();
      batch.drop();
    },
  };
}
