import type { SqlDatabase } from './sql-database';

/** One schema change: the same id and name for both databases, each with its own SQL. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Applies, in order and each in its own transaction, the migrations not yet recorded. */
export function migrate(db: SqlDatabase, migrations: readonly Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => Number((row as { id: number }).id)),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, new Date().toISOString());
    })();
  }
}

/** Whether the database answers a trivial query now. */
export function isHealthy(db: SqlDatabase): boolean {
  try {
    return db.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}
