/** One API instance's latest heartbeat; times are epoch ms. */
export interface InstanceRecord {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
  heartbeatAt: number;
  /** The process's CPU time over the last heartbeat interval, as a share of one core, 0–100. */
  cpuPercent: number;
  /** Resident set size. */
  memoryBytes: number;
  /** Open stream sockets plus requests being answered. */
  connections: number;
  isLeader: boolean;
}

/**
 * The instances table: each API instance writes its own row, every instance reads them all. A row
 * whose heartbeat is older than the live window belongs to an instance that died without saying so.
 */
export interface InstancesRepository {
  /** Writes this instance's row, creating it on the first beat. */
  beat(instance: InstanceRecord): void;
  /** The rows whose heartbeat is at or after `since`, oldest instance first. */
  liveSince(since: number): InstanceRecord[];
  /** An instance stopping removes its row. */
  remove(id: string): void;
  /** Rows of instances that died long ago; returns how many went. */
  removeSilentBefore(before: number): number;
}
