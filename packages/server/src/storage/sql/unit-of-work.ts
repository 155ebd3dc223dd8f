import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { SqlDatabase } from './sql-database';

/** better-sqlite3 runs a transaction opened inside another as a savepoint, so units nest. */
export function sqlUnitOfWork(db: SqlDatabase): UnitOfWork {
  return { run: (work) => db.transaction(work)() };
}
