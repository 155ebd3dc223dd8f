import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  createAutoScalingMonitor,
  createHpaReader,
  createInstanceHeartbeat,
  kubernetesAccessFrom,
} from '../engines/ops/cluster';
import { createInfraMetrics } from '../engines/ops/metrics';
import { SqliteInstancesRepository } from '../storage/sqlite/instances-repository';
import type { Foundation } from './build-foundation';

/** Unique per process: a restarted process on the same host (or pod) is a new instance. */
function instanceIdentity(podName: string | undefined) {
  const host = podName ?? os.hostname();
  return { id: `${host}-${process.pid}-${randomBytes(3).toString('hex')}`, host, pid: process.pid };
}

/**
 * The auto-scaling monitor: this process's measurements, its heartbeat among the instances sharing
 * the database, and the Kubernetes HPA when running in a pod.
 */
export function buildOps(base: Foundation, isLeader: () => boolean) {
  const { config, logger, now, market, stream, upstoxAccount } = base;
  const infraMetrics = createInfraMetrics({ market, upstoxAccount, now });
  const heartbeat = createInstanceHeartbeat({
    instances: new SqliteInstancesRepository(base.db),
    identity: instanceIdentity(config.kubernetes.podName),
    now,
    isLeader,
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
