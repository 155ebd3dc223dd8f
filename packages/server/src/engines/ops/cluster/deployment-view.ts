import { type ApiInstance, type Deployment, INSTANCE_LIVE_SECONDS } from '@td/contracts';
import type { InstanceRecord } from '../../../core/ports/repositories/instances';

/** Where state lives: the store (database) and the bus (events between instances). */
export interface Topology {
  store: 'sqlite' | 'postgresql';
  bus: 'in-process' | 'redis';
}

/** Embedded SQLite and no Redis: nothing a second instance could share, so there is one. */
export const isSingleMachine = (topology: Topology) =>
  topology.store === 'sqlite' && topology.bus === 'in-process';

function toApiInstance(record: InstanceRecord, selfId: string, now: number): ApiInstance {
  return {
    id: record.id,
    host: record.host,
    pid: record.pid,
    started_at: new Date(record.startedAt).toISOString(),
    heartbeat_at: new Date(record.heartbeatAt).toISOString(),
    heartbeat_age_seconds: Math.max(0, Math.round((now - record.heartbeatAt) / 100) / 10),
    cpu_percent: record.cpuPercent,
    memory_bytes: record.memoryBytes,
    connections: record.connections,
    leader: record.isLeader,
    this_instance: record.id === selfId,
  };
}

const STORE_NAME = { sqlite: 'one SQLite file', postgresql: 'PostgreSQL' } as const;
const BUS_NAME = { 'in-process': 'no Redis (events stay in each process)', redis: 'Redis' } as const;

/** Issue 24 point 5: the truth about how many instances serve this dashboard, from their heartbeats. */
export function describeDeployment(
  topology: Topology,
  heartbeat: { id: string; self(): InstanceRecord; live(): InstanceRecord[] },
  now: number,
): Deployment {
  if (isSingleMachine(topology)) {
    return {
      mode: 'single',
      detail:
        'One instance on this machine: the store is the embedded SQLite file and there is no Redis, so no second instance can share its state.',
      instance: toApiInstance(heartbeat.self(), heartbeat.id, now),
    };
  }
  const instances = heartbeat.live().map((record) => toApiInstance(record, heartbeat.id, now));
  // During a hand-over two rows may both say leader for one heartbeat: the fresher one is right.
  const leaders = instances.filter((instance) => instance.leader);
  const leader = leaders.sort((a, b) => a.heartbeat_age_seconds - b.heartbeat_age_seconds)[0] ?? null;
  const count = instances.length === 1 ? '1 live instance' : `${instances.length} live instances`;
  return {
    mode: 'cluster',
    detail: `${count} sharing ${STORE_NAME[topology.store]} and ${BUS_NAME[topology.bus]}; an instance is live while its heartbeat is under ${INSTANCE_LIVE_SECONDS} s old.`,
    store: topology.store,
    bus: topology.bus,
    instances,
    leader_id: leader?.id ?? null,
    live_within_seconds: INSTANCE_LIVE_SECONDS,
  };
}
