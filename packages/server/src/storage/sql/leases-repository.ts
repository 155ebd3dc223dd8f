import type { Lease, LeasesRepository } from '../../core/ports/repositories/leases';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

interface LeaseRow {
  name: string;
  holder: string;
  expires_at: number;
}

/**
 * Portable SQL (SQLite 3.24+ and PostgreSQL 9.5+ alike, `?` numbered for pg): the upsert's WHERE
 * lets it take a lease that ran out or renew its own, and leaves anyone else's untouched, in one
 * atomic statement. Exported so the PostgreSQL test runs the very same text.
 */
export const LEASE_SQL = {
  acquire: `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
  ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
  WHERE leases.expires_at < ? OR leases.holder = ?`,
  current: 'SELECT name, holder, expires_at FROM leases WHERE name = ?',
  release: 'DELETE FROM leases WHERE name = ? AND holder = ?',
} as const;

/** The leases table (migration 013). Renewed every few seconds, so its statements are prepared once. */
export class SqlLeasesRepository implements LeasesRepository {
  private readonly statement: ReturnType<typeof statementCache>;

  constructor(db: SqlDatabase) {
    this.statement = statementCache(db);
  }

  acquire(name: string, holder: string, now: number, expiresAt: number): Lease {
    this.statement(LEASE_SQL.acquire).run(name, holder, expiresAt, now, holder);
    // The row exists now: either ours, just written, or the holder whose unexpired lease stood.
    return this.current(name)!;
  }

  release(name: string, holder: string): void {
    this.statement(LEASE_SQL.release).run(name, holder);
  }

  current(name: string): Lease | null {
    const row = this.statement(LEASE_SQL.current).get(name) as LeaseRow | undefined;
    return row ? { name: row.name, holder: row.holder, expiresAt: row.expires_at } : null;
  }
}
