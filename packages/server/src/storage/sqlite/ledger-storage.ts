import type { LedgerRepository } from '../../core/ports/repositories/ledger';
import type { OrdersRepository } from '../../core/ports/repositories/orders';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { SqlDatabase } from '../sql/sql-database';
import { sqliteImmediateUnitOfWork } from './immediate-unit-of-work';
import { SqliteLedgerRepository } from './ledger-repository';
import { SqliteOrdersRepository } from './orders-repository';

/** What the ledger and the paper broker write through, over one SQLite connection. */
export function sqliteLedgerStorage(
  db: SqlDatabase,
  unitOfWork: UnitOfWork = sqliteImmediateUnitOfWork(db),
): {
  ledgerRepo: LedgerRepository;
  ordersRepo: OrdersRepository;
  unitOfWork: UnitOfWork;
} {
  return {
    ledgerRepo: new SqliteLedgerRepository(db),
    ordersRepo: new SqliteOrdersRepository(db),
    unitOfWork,
  };
}
