import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type {
  ClusterBus,
  ClusterEvent,
  ClusterEventOf,
  ClusterEventType,
} from '../../core/ports/cluster-bus';
import { ClusterHandlers } from '../memory/cluster-handlers';

interface Envelope {
  from: string;
  event: ClusterEvent;
}

const isEnvelope = (value: unknown): value is Envelope => {
  const envelope = value as Partial<Envelope> | null;
  return (
    typeof envelope?.from === 'string' &&
    typeof envelope.event === 'object' &&
    envelope.event !== null &&
    typeof (envelope.event as { type?: unknown }).type === 'string'
  );
};

export interface RedisClusterBusOptions {
  /** Commands (PUBLISH). */
  publisher: Redis;
  /** A connection of its own: once subscribed, Redis lets it do nothing else. The bus closes it. */
  subscriber: Redis;
  /** The channel is `${prefix}bus`. */
  prefix: string;
  instanceId?: string;
  /** A handler threw, or a message on the channel was not an event. */
  onError?: (error: unknown) => void;
}

/**
 * The bus over Redis pub/sub: every instance subscribed to one channel hears every event, its own
 * included. At most once: an instance disconnected at that moment never sees it (decision 0032).
 */
export class RedisClusterBus implements ClusterBus {
  readonly spansInstances = true;
  readonly instanceId: string;
  private readonly channel: string;
  private readonly handlers: ClusterHandlers;
  private readonly reconnectListeners = new Set<() => void>();
  private readonly subscribed: Promise<void>;
  private connectedBefore = false;

  constructor(private readonly options: RedisClusterBusOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.channel = `${options.prefix}bus`;
    const onError = options.onError ?? (() => {});
    this.handlers = new ClusterHandlers((error) => onError(error));
    const { subscriber } = options;
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    // ioredis subscribes again by itself after a reconnect; what was published meanwhile is gone.
    subscriber.on('ready', () => {
      if (this.connectedBefore) for (const listener of this.reconnectListeners) listener();
      this.connectedBefore = true;
    });
    this.subscribed = subscriber.subscribe(this.channel).then(() => undefined);
    this.subscribed.catch(onError);
  }

  async publish(event: ClusterEvent): Promise<void> {
    const envelope: Envelope = { from: this.instanceId, event };
    await this.options.publisher.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe<T extends ClusterEventType>(type: T, handler: (event: ClusterEventOf<T>, from: string) => void) {
    return this.handlers.add(type, handler);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.reconnectListeners.clear();
    await quit(this.options.subscriber);
  }

  private receive(text: string): void {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (!isEnvelope(envelope)) {
      this.options.onError?.(new Error(`Not a cluster event on ${this.channel}: ${text.slice(0, 80)}`));
      return;
    }
    this.handlers.deliver(envelope.event, envelope.from);
  }
}

/** QUIT when connected (pending replies arrive first), else drop the connection attempts. */
export async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
    return;
  }
  redis.disconnect();
}
