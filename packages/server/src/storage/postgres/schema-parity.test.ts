import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test-support/postgres';
import { openDatabase } from '../sqlite/database';
import { migrations as sqliteMigrations } from '../sqlite/migrations';
import { POSTGRES_ONLY_COLUMNS, postgresMigrations } from './migrations';
import { openPostgres } from './open-postgres';
import { schemaDifferences } from './test-support/schema-differences';
import { readPostgresShape, readSqliteShape, type SchemaShape } from './test-support/schema-shape';

// Keeps the two migration sets in step: every future migration is written twice, and this fails,
// naming the table and column, until both describe the same schema.
describe('PostgreSQL migrations against the SQLite ones', () => {
  let scratch: TestDatabase;
  let client: Client;
  let postgres: SchemaShape;
  const sqlite = readSqliteShape(openDatabase(':memory:'));

  beforeAll(async () => {
    scratch = await createTestDatabase();
    // Migrated the way the server does it on start.
    openPostgres(scratch.url, postgresMigrations).close();
    client = new Client({ connectionString: scratch.url });
    await client.connect();
    postgres = await readPostgresShape(client);
  });

  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  it('lists the same migrations, with the same ids and names, in the same order', () => {
    const describe = (list: typeof sqliteMigrations) => list.map(({ id, name }) => `${id} ${name}`);
    expect(describe(postgresMigrations)).toEqual(describe(sqliteMigrations));
  });

  it('builds the same tables, columns, nullability, defaults, keys and index names', () => {
    expect(schemaDifferences(sqlite, postgres, POSTGRES_ONLY_COLUMNS)).toEqual([]);
  });

  it('compares the whole schema, not an empty one', () => {
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    expect(Object.keys(postgres)).toEqual(
      expect.arrayContaining(['orders', 'fills', 'ledger_entries', 'schema_migrations']),
    );
    expect(postgres.risk_alerts?.uniqueKeys).toEqual(['(kind, subject) partial']);
  });

  it('keeps the PostgreSQL-only rowid to orders and fills, as a unique identity', () => {
    for (const [table, columns] of Object.entries(POSTGRES_ONLY_COLUMNS)) {
      for (const column of columns) {
        expect(postgres[table]?.columns.find((c) => c.name === column)).toEqual(
          expect.objectContaining({ type: 'bigint', notNull: true }),
        );
        expect(postgres[table]?.uniqueKeys).toContain(`(${column})`);
      }
    }
  });

  it('rejects a malformed equity date as the SQLite GLOB check does', async () => {
    await client.query("INSERT INTO accounts (id, cash_paise, created_at) VALUES ('paper', 0, 0)");
    const insert = (date: string) =>
      client.query("INSERT INTO daily_equity (account, date, opening_equity_paise) VALUES ('paper', $1, 0)", [
        date,
      ]);
    await expect(insert('2026-1-05')).rejects.toThrow(/daily_equity_date_check/);
    await expect(insert('2026-01-05x')).rejects.toThrow(/daily_equity_date_check/);
    await expect(insert('2026-01-05')).resolves.toBeDefined();
  });
});
