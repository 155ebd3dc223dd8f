import type { Logger } from 'pino';
import type { ClusterBus } from '../core/ports/cluster-bus';
import type { Engine } from '../core/ports/engine';
import type { RateCounters } from '../core/ports/rate-counters';
import type { SafetyService } from '../engines/safety';
import type { StreamHub } from '../engines/stream/stream-hub';
import { LocalClusterBus } from '../storage/memory/local-cluster-bus';
import { openRedisCluster } from '../storage/redis/redis-cluster';
import type { AppConfig } from './config';

/** What crosses instances: the bus always; the shared counters only with Redis (else each limit stays where it was). */
export interface Cluster {
  bus: ClusterBus;
  counters: RateCounters | null;
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set, else the in-process bus: one instance behaves as it always did. */
export function openCluster(config: Pick<AppConfig, 'redis' | 'instanceId'>, logger: Logger): Cluster {
  const onError = (error: unknown) => logger.warn({ err: error }, 'cluster bus or counters: error');
  if (!config.redis) {
    return { bus: new LocalClusterBus(config.instanceId, onError), counters: null, close: async () => {} };
  }
  return openRedisCluster({ ...config.redis, instanceId: config.instanceId, onError });
}

/**
 * Starts once the bus listens (so no event published after start is missed); on stop detaches what
 * publishes on the bus (the market's frames and ticks), then closes the connections.
 */
export function createClusterEngine(cluster: Cluster, ...attached: { detach(): void }[]): Engine {
  return {
    name: 'cluster',
    start: () => cluster.bus.ready(),
    async stop() {
      for (const part of attached) part.detach();
      await cluster.close();
    },
  };
}

/**
 * What this instance does with the others' events: close streams of sessions ended elsewhere, adopt
 * a halt made elsewhere, and re-read the halt after a lost connection (decision 0032).
 */
export function followCluster(
  bus: ClusterBus,
  parts: {
    stream: Pick<StreamHub, 'recheckSessions'>;
    safety: Pick<SafetyService, 'adoptHalt' | 'reloadHalt'>;
  },
): void {
  const elsewhere = (from: string) => from !== bus.instanceId;
  // The routes re-check this instance's streams themselves, before they reply.
  bus.subscribe('session-revoked', (_event, from) => {
    if (elsewhere(from)) parts.stream.recheckSessions();
  });
  bus.subscribe('halt-changed', (event, from) => {
    if (elsewhere(from)) parts.safety.adoptHalt(event.halt);
  });
  bus.onReconnect(() => parts.safety.reloadHalt());
}
