import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { Db } from './database';

/** better-sqlite3 runs a transaction opened inside another as a savepoint, so units nest. */
export function sqliteUnitOfWork(db: Db): UnitOfWork {
  return { run: (work) => db.transaction(work)() };
}
