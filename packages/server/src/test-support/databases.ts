import { randomBytes } from 'node:crypto';
import { migrations as postgresMigrations } from '../storage/postgres/migrations';
import { openPostgres } from '../storage/postgres/open-postgres';
import type { PgDatabase } from '../storage/postgres/pg-database';
import type { SqlDatabase } from '../storage/sql/sql-database';
import { openDatabase } from '../storage/sqlite/database';
import { testDatabaseUrl } from './postgres';

const opened: { db: PgDatabase; schema: string }[] = [];
let cleanupRegistered = false;

/** A migrated PostgreSQL database in a schema of its own, dropped after the test file. */
export function openTestPostgres(): PgDatabase {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = openPostgres(testDatabaseUrl(), postgresMigrations, { schema, name: 'trading-tests' });
  opened.push({ db, schema });
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    afterAll(() => {
      for (const { db, schema } of opened.splice(0)) {
        try {
          db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          db.close();
        }
      }
    });
  }
  return db;
}

/** Both stores the repositories run on, for `describe.each(databases)('… on $name', …)`. */
export const databases: { name: string; open: () => SqlDatabase }[] = [
  { name: 'SQLite', open: () => openDatabase(':memory:') },
  { name: 'PostgreSQL', open: openTestPostgres },
];
