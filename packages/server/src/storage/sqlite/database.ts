import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations as allMigrations, type Migration } from './migrations';

export type Db = Database.Database;

/**
 * Opens the embedded database. WAL lets readers run beside the single writer; synchronous=FULL
 * makes every acknowledged commit survive a crash (docs/decisions/0003-sqlite-pragmas.md).
 */
export function openDatabase(file: string, migrations: Migration[] = allMigrations): Db {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Created owner-only before SQLite opens it: SQLite gives the -wal and -shm files the database's mode.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A savepoint's undo copies (each order runs in one) stay in memory instead of a temp file.
  db.pragma('temp_store = MEMORY');
  migrate(db, migrations);
  return db;
}

export function migrate(db: Db, migrations: Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => (row as { id: number }).id),
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

export function isDatabaseHealthy(db: Db): boolean {
  try {
    return db.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}
