import pg from 'pg';
import { createTestDatabase, testDatabaseUrl } from './postgres';

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const databaseExists = (name: string) =>
  withClient(testDatabaseUrl(), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });

const nameOf = (url: string) => new URL(url).pathname.slice(1);

describe('createTestDatabase', () => {
  it('creates an empty database of its own that a client can write to and read from', async () => {
    const database = await createTestDatabase();
    try {
      const cash = await withClient(database.url, async (client) => {
        const { rows: tables } = await client.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        );
        expect(tables).toEqual([]);
        await client.query('CREATE TABLE account (id TEXT PRIMARY KEY, cash_paise BIGINT NOT NULL)');
        await client.query("INSERT INTO account VALUES ('paper', 10000000)");
        const { rows } = await client.query(
          "SELECT cash_paise::text AS cash FROM account WHERE id = 'paper'",
        );
        return rows[0].cash;
      });
      expect(cash).toBe('10000000');
      expect(nameOf(database.url)).not.toBe(nameOf(testDatabaseUrl()));
    } finally {
      await database.drop();
    }
  });

  it('gives every call a different database', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      expect(nameOf(first.url)).not.toBe(nameOf(second.url));
      await withClient(first.url, (client) => client.query('CREATE TABLE only_in_first (id INT)'));
      const { rowCount } = await withClient(second.url, (client) =>
        client.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'only_in_first'"),
      );
      expect(rowCount).toBe(0);
    } finally {
      await Promise.all([first.drop(), second.drop()]);
    }
  });

  it('drops the database even with a connection left open, and a second drop is harmless', async () => {
    const database = await createTestDatabase();
    const name = nameOf(database.url);
    expect(await databaseExists(name)).toBe(true);
    const forgotten = new pg.Client({ connectionString: database.url });
    // The forced drop ends this connection from the server's side; without a listener that is a crash.
    forgotten.on('error', () => {});
    await forgotten.connect();

    await database.drop();
    await database.drop();

    expect(await databaseExists(name)).toBe(false);
    await forgotten.end().catch(() => {});
  });
});

describe('testDatabaseUrl', () => {
  it('says how to get a server when TEST_DATABASE_URL is not set', async () => {
    const saved = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    try {
      expect(testDatabaseUrl).toThrow(/TEST_DATABASE_URL is not set: run the tests with `npm test`/);
      await expect(createTestDatabase()).rejects.toThrow(/TEST_DATABASE_URL is not set/);
    } finally {
      if (saved !== undefined) process.env.TEST_DATABASE_URL = saved;
    }
  });
});
