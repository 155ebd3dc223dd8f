import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  /** A new connected client on the scratch database; the caller ends it. */
  connect(): Promise<Client>;
  drop(): Promise<void>;
}

/** TEST_DATABASE_URL names a server where tests may create databases (the README's test command starts one). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: the PostgreSQL tests need a server to create databases on',
    );
  return url;
}

/** A fresh, uniquely named database on the test server, so tests running in parallel never meet. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = testDatabaseUrl();
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async connect() {
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      return client;
    },
    drop: () => withClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withClient(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
