import type { SettingsRepository } from '../../core/ports/repositories/settings';
import type { SqlDatabase, SqlStatement } from './sql-database';

/** The settings table, values stored as JSON. */
export class SqlSettingsRepository implements SettingsRepository {
  // Prepared once, on first use (the table may not exist yet when the repository is built): a fresh
  // prepare on every read was a measurable part of each request (settings are read on every order).
  private getStatement?: SqlStatement;

  constructor(private readonly db: SqlDatabase) {}

  get<T>(key: string): T | undefined {
    this.getStatement ??= this.db.prepare('SELECT value FROM settings WHERE key = ?');
    const row = this.getStatement.get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare(
        'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      )
      .run(key, JSON.stringify(value), new Date().toISOString());
  }
}
