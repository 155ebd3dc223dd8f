import type { InstanceRecord, InstancesRepository } from '../../core/ports/repositories/instances';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

interface InstanceRow {
  id: string;
  host: string;
  pid: number;
  started_at: number;
  heartbeat_at: number;
  cpu_percent: number;
  memory_bytes: number;
  connections: number;
  is_leader: number;
}

// ON CONFLICT … DO UPDATE reads the same in SQLite and PostgreSQL, and keeps the row's identity.
const BEAT = `INSERT INTO instances
  (id, host, pid, started_at, heartbeat_at, cpu_percent, memory_bytes, connections, is_leader)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid,
    started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at,
    cpu_percent = excluded.cpu_percent, memory_bytes = excluded.memory_bytes,
    connections = excluded.connections, is_leader = excluded.is_leader`;

const LIVE_SINCE = 'SELECT * FROM instances WHERE heartbeat_at >= ? ORDER BY started_at, id';

/** The instances table (migration 014): one heartbeat row per API instance. */
export class SqlInstancesRepository implements InstancesRepository {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  beat(instance: InstanceRecord): void {
    this.sql(BEAT).run(
      ...[instance.id, instance.host, instance.pid, instance.startedAt, instance.heartbeatAt],
      ...[instance.cpuPercent, instance.memoryBytes, instance.connections, instance.isLeader ? 1 : 0],
    );
  }

  liveSince(since: number): InstanceRecord[] {
    const rows = this.sql(LIVE_SINCE).all(since) as InstanceRow[];
    return rows.map(fromRow);
  }

  remove(id: string): void {
    this.sql('DELETE FROM instances WHERE id = ?').run(id);
  }

  removeSilentBefore(before: number): number {
    return this.sql('DELETE FROM instances WHERE heartbeat_at < ?').run(before).changes;
  }
}

function fromRow(row: InstanceRow): InstanceRecord {
  return {
    id: row.id,
    host: row.host,
    pid: row.pid,
    startedAt: row.started_at,
    heartbeatAt: row.heartbeat_at,
    cpuPercent: row.cpu_percent,
    memoryBytes: row.memory_bytes,
    connections: row.connections,
    isLeader: row.is_leader === 1,
  };
}
