import { quoteIdentifier } from '../storage/postgres/open-postgres';
import type { SyncPgOptions } from '../storage/postgres/sync-pg';

/** PostgreSQL cancels a stored-candles statement after this long: a session's bars of every symbol. */
export const CANDLES_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * The backtest worker's read-only PostgreSQL connection. The client waits a little past the server's
 * statement_timeout, so a slow read fails with PostgreSQL's own "canceling statement" error rather than
 * the client giving up the whole connection first (SyncPg's default wait is 30 s).
 */
export function candlesConnectionOptions(schema: string | undefined): SyncPgOptions {
  // The main thread has migrated the schema: this connection only reads.
  const searchPath = schema ? `SET search_path TO ${quoteIdentifier(schema)}; ` : '';
  return {
    name: 'backtest-worker',
    sessionSql: `${searchPath}SET statement_timeout = '${CANDLES_STATEMENT_TIMEOUT_MS}ms'`,
    timeoutMs: CANDLES_STATEMENT_TIMEOUT_MS + 5_000,
  };
}
