import type { Client } from 'pg';
import type { Migration } from '../sqlite/migrations';
import { postgresMigrations } from './migrations';

/**
 * Key of the session advisory lock held while migrating: instances that start together queue on it,
 * so each migration runs once. Leader election must use a different key.
 */
export const MIGRATION_LOCK_KEY = 7_246_001;

/**
 * Brings a PostgreSQL database to the latest migration, as sqlite/database.ts `migrate` does for the
 * embedded one: the same schema_migrations table, each migration and its record in one transaction.
 */
export async function migratePostgres(
  client: Pick<Client, 'query'>,
  migrations: Migration[] = postgresMigrations,
  now: () => Date = () => new Date(),
): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const { rows } = await client.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.id)));
    const ran: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (applied.has(migration.id)) continue;
      await inTransaction(client, async () => {
        try {
          // No parameters: pg sends it as a simple query, which may hold several statements.
          await client.query(migration.sql);
        } catch (error) {
          throw new Error(
            `migration ${migration.id} (${migration.name}) failed: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        }
        await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [
          migration.id,
          migration.name,
          now().toISOString(),
        ]);
      });
      ran.push(migration.id);
    }
    return ran;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

async function inTransaction(client: Pick<Client, 'query'>, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
