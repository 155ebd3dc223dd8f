import os from 'node:os';
import {
  createAutoScalingMonitor,
  createHpaReader,
  createInstanceHeartbeat,
  kubernetesAccessFrom,
} from '../engines/ops/cluster';
import { createInfraMetrics } from '../engines/ops/metrics';
import { SqlInstancesRepository } from '../storage/sql/instances-repository';
import type { Foundation } from './build-foundation';

/**
 * The auto-scaling monitor: this process's measurements, its heartbeat among the instances sharing
 * the database, and the Kubernetes HPA when running in a pod.
 */
export function buildOps(base: Foundation) {
  const { config, logger, now, market, stream, upstoxAccount } = base;
  const infraMetrics = createInfraMetrics({ market, upstoxAccount, now });
  const heartbeat = createInstanceHeartbeat({
    instances: new SqlInstancesRepository(base.db),
    // One name per instance, the one it holds the leader lease under, so the screen's leader is the lease's.
    identity: {
      id: base.leadership.identity,
      host: config.kubernetes.podName ?? os.hostname(),
      pid: process.pid,
    },
    now,
    isLeader: () => base.leadership.isLeader(),
    onLeaderChange: (listener) => base.leadership.onChange(listener),
    connections: () => stream.stats().clients + infraMetrics.latency.inFlight(),
    onError: (error) => logger.warn({ err: error }, 'instance heartbeat not written; retrying'),
  });
  const autoScaling = createAutoScalingMonitor({
    metrics: infraMetrics,
    heartbeat,
    now,
    topology: {
      store: config.databaseUrl ? 'postgresql' : 'sqlite',
      bus: config.redisUrl ? 'redis' : 'in-process',
    },
    kubernetes: createHpaReader(kubernetesAccessFrom(config.kubernetes), now),
  });
  return { infraMetrics, heartbeat, autoScaling };
}
