import { INSTANCE_LIVE_SECONDS } from '@td/contracts';
import type { InstanceRecord, InstancesRepository } from '../../../core/ports/repositories/instances';
import { ProcessCpuMeter } from '../metrics/process-cpu-meter';

/** Rows silent this long belong to instances that died without removing them; the leader sweeps them. */
const SWEEP_AFTER_MS = 60 * 60_000;

export interface InstanceIdentity {
  id: string;
  host: string;
  pid: number;
}

export interface InstanceHeartbeatDeps {
  instances: InstancesRepository;
  identity: InstanceIdentity;
  now: () => number;
  /** Whether this instance leads now (the leadership port's isLeader). */
  isLeader: () => boolean;
  /** Subscribes to leadership changes (the port's onChange): a change is written at once, not at the next beat. */
  onLeaderChange?: (listener: () => void) => () => void;
  /** Open stream sockets plus requests in flight. */
  connections: () => number;
  /** Defaults to process.cpuUsage deltas over the interval. */
  cpuPercent?: () => number;
  /** Defaults to the process's resident set size. */
  memoryBytes?: () => number;
  /** 5 s by default. */
  intervalMs?: number;
  /** A beat that could not be written; the next one tries again. */
  onError?: (error: unknown) => void;
}

export interface InstanceHeartbeat {
  readonly id: string;
  /** Writes a row now and every interval. */
  start(): void;
  /** Stops beating and removes this instance's row: a clean stop leaves no ghost on the screen. */
  stop(): void;
  /** Measures and writes one heartbeat; returns what it wrote. */
  beat(): InstanceRecord;
  /** This instance's latest figures, measured now if it has not beaten yet. */
  self(): InstanceRecord;
  /** The instances whose heartbeat is under INSTANCE_LIVE_SECONDS old, this one included. */
  live(): InstanceRecord[];
}

/** Each API instance's heartbeat row: who it is, whether it leads, and its CPU, memory and connections. */
export function createInstanceHeartbeat(deps: InstanceHeartbeatDeps): InstanceHeartbeat {
  const meter = new ProcessCpuMeter();
  const cpuPercent = deps.cpuPercent ?? (() => meter.percent());
  const memoryBytes = deps.memoryBytes ?? (() => process.memoryUsage.rss());
  const startedAt = deps.now();
  let latest: InstanceRecord | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;

  const measure = (): InstanceRecord => ({
    ...deps.identity,
    startedAt,
    heartbeatAt: deps.now(),
    cpuPercent: cpuPercent(),
    memoryBytes: memoryBytes(),
    connections: deps.connections(),
    isLeader: deps.isLeader(),
  });

  const beat = () => {
    const record = measure();
    latest = record;
    deps.instances.beat(record);
    if (record.isLeader) deps.instances.removeSilentBefore(record.heartbeatAt - SWEEP_AFTER_MS);
    return record;
  };

  const safeBeat = () => {
    try {
      beat();
    } catch (error) {
      deps.onError?.(error);
    }
  };

  return {
    id: deps.identity.id,
    beat,
    self: () => (latest ??= measure()),
    live() {
      const now = deps.now();
      const rows = deps.instances.liveSince(now - INSTANCE_LIVE_SECONDS * 1000);
      const self = latest ?? measure();
      // Before its first beat lands this instance is live all the same: it is answering.
      return rows.some((row) => row.id === self.id) ? rows : [...rows, self];
    },
    start() {
      if (timer) return;
      safeBeat();
      timer = setInterval(safeBeat, deps.intervalMs ?? 5000);
      timer.unref?.();
      // Every instance's screen names the new leader as soon as it leads, not up to a beat later.
      unsubscribe = deps.onLeaderChange?.(safeBeat) ?? null;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      try {
        deps.instances.remove(deps.identity.id);
      } catch (error) {
        deps.onError?.(error);
      }
    },
  };
}
