import { Redis } from 'ioredis';
import type { ClusterBus } from '../../core/ports/cluster-bus';
import type { RateCounters } from '../../core/ports/rate-counters';
import { quit, RedisClusterBus } from './redis-cluster-bus';
import { RedisRateCounters } from './redis-rate-counters';

export interface RedisClusterOptions {
  url: string;
  /** Every key and the channel start with it (default `td:`); tests give each run its own. */
  prefix?: string;
  instanceId?: string;
  onError?: (error: unknown) => void;
  /** Tests only: the counters' clock instead of Redis's TIME. */
  now?: () => number;
}

export interface RedisCluster {
  bus: ClusterBus;
  counters: RateCounters;
  /** Closes both connections; idempotent. */
  close(): Promise<void>;
}

/** The bus and the counters on one Redis: two connections, since a subscribed one can only listen. */
export function openRedisCluster(options: RedisClusterOptions): RedisCluster {
  const prefix = options.prefix ?? 'td:';
  const connect = (name: string) => {
    const redis = new Redis(options.url, { connectionName: name, enableAutoPipelining: true });
    // Without a listener ioredis prints every failed reconnect; the owner decides what to log.
    redis.on('error', (error) => options.onError?.(error));
    return redis;
  };
  const commands = connect('td-commands');
  const bus = new RedisClusterBus({
    publisher: commands,
    subscriber: connect('td-bus'),
    prefix,
    instanceId: options.instanceId,
    onError: options.onError,
  });
  const counters = new RedisRateCounters(commands, { prefix, now: options.now });
  let closed: Promise<void> | null = null;
  return {
    bus,
    counters,
    close: () => (closed ??= bus.close().then(() => quit(commands))),
  };
}
