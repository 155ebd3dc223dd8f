import type { Client } from 'pg';
import { migratePostgres } from './migrate-postgres';
import { postgresMigrations } from './migrations';
import { createScratchDatabase, type ScratchDatabase } from './test-support/scratch-database';

const FIXED_NOW = new Date(Date.UTC(2026, 0, 5, 4, 0));
const clock = () => FIXED_NOW;

describe('migratePostgres', () => {
  let scratch: ScratchDatabase;
  const clients: Client[] = [];
  const connect = async () => {
    const client = await scratch.connect();
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    scratch = await createScratchDatabase('migrate');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
    await scratch.drop();
  });

  it('applies every migration once and records it as the SQLite migrator does', async () => {
    const client = await connect();
    expect(await migratePostgres(client, postgresMigrations, clock)).toEqual(
      postgresMigrations.map((m) => m.id),
    );
    expect(await migratePostgres(client, postgresMigrations, clock)).toEqual([]);
    const { rows } = await client.query('SELECT id, name, applied_at FROM schema_migrations ORDER BY id');
    expect(rows).toEqual(
      postgresMigrations.map(({ id, name }) => ({ id, name, applied_at: '2026-01-05T04:00:00.000Z' })),
    );
  });

  it('applies only the migrations added since the last run', async () => {
    const client = await connect();
    await migratePostgres(client, postgresMigrations.slice(0, 9), clock);
    expect(await migratePostgres(client, postgresMigrations, clock)).toEqual([10, 11]);
  });

  it('rolls a failing migration back whole and names it in the error', async () => {
    const client = await connect();
    const broken = {
      id: 99,
      name: 'broken',
      sql: 'CREATE TABLE half_done (id BIGINT); SELECT no_such_column FROM half_done;',
    };
    await expect(migratePostgres(client, [...postgresMigrations, broken], clock)).rejects.toThrow(
      /migration 99 \(broken\) failed: column "no_such_column" does not exist/,
    );
    const recorded = await client.query('SELECT max(id) AS id FROM schema_migrations');
    expect(recorded.rows[0].id).toBe(11);
    const table = await client.query("SELECT to_regclass('half_done') AS name");
    expect(table.rows[0].name).toBeNull();
  });

  it('lets two instances starting together migrate the same database without a clash', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    const [ranA, ranB] = await Promise.all([
      migratePostgres(a, postgresMigrations, clock),
      migratePostgres(b, postgresMigrations, clock),
    ]);
    expect([...ranA, ...ranB].sort((x, y) => x - y)).toEqual(postgresMigrations.map((m) => m.id));
    const { rows } = await a.query('SELECT count(*)::int AS count FROM schema_migrations');
    expect(rows[0].count).toBe(postgresMigrations.length);
  });

  it('numbers orders and fills in insertion order through the explicit rowid', async () => {
    const client = await connect();
    await migratePostgres(client, postgresMigrations, clock);
    await client.query("INSERT INTO accounts (id, cash_paise, created_at) VALUES ('paper', 0, 0)");
    const insert = (id: string) =>
      client.query(
        `INSERT INTO orders (id, account, symbol, side, type, quantity, status, strategy, created_at, updated_at)
         VALUES ($1, 'paper', 'TCS', 'BUY', 'MARKET', 1, 'PENDING', 'manual', 0, 0)`,
        [id],
      );
    for (const id of ['c', 'a', 'b']) await insert(id);
    const { rows } = await client.query('SELECT id FROM orders ORDER BY created_at, rowid');
    expect(rows.map((row) => row.id)).toEqual(['c', 'a', 'b']);
    await expect(client.query("UPDATE orders SET rowid = 1 WHERE id = 'a'")).rejects.toThrow(/rowid/);
  });
});
