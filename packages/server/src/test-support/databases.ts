import { randomBytes } from 'node:crypto';
import { postgresMigrations } from '../storage/postgres/migrations';
import { PgDatabase } from '../storage/postgres/pg-database';
import { migrate } from '../storage/sql/migrate';
import type { SqlDatabase } from '../storage/sql/sql-database';
import { openDatabase } from '../storage/sqlite/database';
import { testDatabaseUrl } from './postgres';

let connection: PgDatabase | null = null;
let current = '';
const schemas: string[] = [];

// One connection per test file, closed with it; each database handed out is a schema of its own.
afterAll(() => {
  if (!connection) return;
  try {
    for (const schema of schemas.splice(0)) connection.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    connection.close();
    connection = null;
  }
});

/**
 * A migrated PostgreSQL database in a schema of its own, dropped after the test file. Every one
 * shares the file's connection: each statement first points the connection at its schema.
 */
export function openTestPostgres(): SqlDatabase {
  connection ??= new PgDatabase(testDatabaseUrl(), { name: 'trading-tests' });
  const conn = connection;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  const use = () => {
    if (current === schema) return;
    conn.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
    current = schema;
  };
  use();
  migrate(conn, postgresMigrations);
  const inSchema =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      use();
      return fn(...args);
    };
  return {
    dialect: 'postgres',
    prepare(sql) {
      const statement = conn.prepare(sql);
      return { get: inSchema(statement.get), all: inSchema(statement.all), run: inSchema(statement.run) };
    },
    exec: inSchema((sql: string) => conn.exec(sql)),
    transaction(fn) {
      const unit = conn.transaction(fn);
      return Object.assign(inSchema(unit), { immediate: inSchema(unit.immediate) });
    },
  };
}

/** Both stores the repositories run on, for `describe.each(databases)('… on $name', …)`. */
export const databases: { name: string; open: () => SqlDatabase }[] = [
  { name: 'SQLite', open: () => openDatabase(':memory:') },
  { name: 'PostgreSQL', open: openTestPostgres },
];

/** The first column of each row a query returns: counts and single values in route tests. */
export function column(db: SqlDatabase, sql: string, ...params: unknown[]): unknown[] {
  return db
    .prepare(sql)
    .all(...params)
    .map((row) => Object.values(row as object)[0]);
}

/** The first column of the first row, undefined when there is none. */
export function scalar(db: SqlDatabase, sql: string, ...params: unknown[]): unknown {
  return column(db, sql, ...params)[0];
}
