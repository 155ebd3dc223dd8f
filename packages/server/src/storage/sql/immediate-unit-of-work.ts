import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { SqlDatabase } from './sql-database';

/**
 * A unit for writers that must hold the write lock from the start (BEGIN IMMEDIATE): the paper
 * broker and the ledger read the account and then write from what they read, so a deferred begin
 * could find another connection's commit in between and fail instead of waiting (busy_timeout).
 * Nested inside another transaction it is a savepoint, as sqlUnitOfWork's units are. The
 * transaction function is made once: an order's path opens one or two units.
 */
export function sqlWritersUnitOfWork(db: SqlDatabase): UnitOfWork {
  const transaction = db.transaction((work: () => unknown) => work());
  return { run: <T>(work: () => T) => transaction.immediate(work) as T };
}
