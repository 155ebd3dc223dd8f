import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { LEASE_SQL } from './leases-repository';

// The lease statements are written once for both databases: this runs the same text on the
// development PostgreSQL (TEST_DATABASE_URL), `?` numbered as pg wants.
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const T0 = Date.UTC(2026, 0, 5, 4, 0);

describe('the lease statements on PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `leases_${randomBytes(6).toString('hex')}`;
  const clients: Client[] = [];

  const connect = async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    clients.push(client);
    return client;
  };
  const acquire = async (client: Client, holder: string, now: number) => {
    await client.query(numbered(LEASE_SQL.acquire), ['leader', holder, now + 10_000, now, holder]);
    const { rows } = await client.query(numbered(LEASE_SQL.current), ['leader']);
    return { holder: rows[0].holder as string, expiresAt: Number(rows[0].expires_at) };
  };

  beforeAll(async () => {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: npm test starts a PostgreSQL and sets it');
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const client = await connect();
    // Migration 013 as PostgreSQL has it: epoch ms needs BIGINT.
    await client.query(
      'CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL)',
    );
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.end();
    if (!adminUrl) return;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  });

  it('takes, keeps, renews, hands over after expiry and releases as on SQLite', async () => {
    const [a, b] = [await connect(), await connect()];
    expect(await acquire(a, 'a', T0)).toEqual({ holder: 'a', expiresAt: T0 + 10_000 });
    expect((await acquire(b, 'b', T0 + 9_999)).holder).toBe('a');
    expect((await acquire(a, 'a', T0 + 3_000)).expiresAt).toBe(T0 + 13_000);
    expect((await acquire(b, 'b', T0 + 13_001)).holder).toBe('b');
    await a.query(numbered(LEASE_SQL.release), ['leader', 'a']);
    expect((await acquire(b, 'b', T0 + 14_000)).holder).toBe('b');
    await b.query(numbered(LEASE_SQL.release), ['leader', 'b']);
    expect((await a.query(numbered(LEASE_SQL.current), ['leader'])).rows).toEqual([]);
  });

  it('gives a free lease to exactly one of several instances asking at once', async () => {
    const instances = await Promise.all(
      ['p', 'q', 'r', 's'].map(async (id) => ({ id, client: await connect() })),
    );
    const seen = await Promise.all(instances.map(({ id, client }) => acquire(client, id, T0 + 60_000)));
    const holders = new Set(seen.map((lease) => lease.holder));
    expect(holders.size).toBe(1);
    expect(['p', 'q', 'r', 's']).toContain([...holders][0]);
  });
});
