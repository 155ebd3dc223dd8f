import { type Migration, migrate } from '../sql/migrate';
import { PgDatabase } from './pg-database';

/** Taken around the migrations: instances starting together apply each migration once. */
const MIGRATIONS_LOCK = 7_240_002;

/**
 * Connects to the shared PostgreSQL database and brings its schema up to date. `schema` (tests)
 * keeps a run's tables in a schema of their own, created on first use.
 */
export function openPostgres(
  url: string,
  migrations: readonly Migration[],
  options: { schema?: string; name?: string } = {},
): PgDatabase {
  const schema = options.schema ? quoteIdentifier(options.schema) : null;
  // Run on every connection, a reopened one too. A lock wait or a stuck statement must not hold
  // the event loop: fail instead, and say so.
  const sessionSql = [
    schema ? `CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}` : null,
    "SET lock_timeout = '5s'; SET statement_timeout = '15s'",
  ]
    .filter(Boolean)
    .join('; ');
  const db = new PgDatabase(url, { name: options.name, sessionSql });
  try {
    db.prepare('SELECT pg_advisory_lock(?)').get(MIGRATIONS_LOCK);
    try {
      migrate(db, migrations);
    } finally {
      db.prepare('SELECT pg_advisory_unlock(?)').get(MIGRATIONS_LOCK);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A schema name double-quoted for SQL; anything but lower-case letters, digits and _ is refused. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a schema name: ${name}`);
  return `"${name}"`;
}
