import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  /** Drops the database, ending any connection a test left open; safe to call twice. */
  drop(): Promise<void>;
}

/** The server tests are given (npm test, or jest's global setup, starts one); never silently skipped. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run the tests with `npm test` or `pnpm exec jest` (both start a PostgreSQL), ' +
        'or set it to a server this test may create databases on, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

/** A database of its own for one test file, on the server TEST_DATABASE_URL names; drop it afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  // Unique across the jest workers and the parallel runs that share one server.
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Rows of one query on a test database (a cross-process test reads what the servers committed). */
export async function queryTestDatabase<T extends Record<string, unknown>>(
  url: string,
  sql: string,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}
