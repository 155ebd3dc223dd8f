import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrate } from '../sql/migrate';
import { migrations as allMigrations } from './migrations';

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

/**
 * A second, read-only connection to an open embedded database, for a reader on another thread: WAL
 * lets it read beside the writer without taking the writer's lock. No migrations: the writer ran them.
 */
export function openReadOnlyDatabase(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}
