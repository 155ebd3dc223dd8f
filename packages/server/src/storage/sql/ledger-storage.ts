import type { OrderAuditLog } from '../../core/ports/order-audit';
import type { LedgerRepository } from '../../core/ports/repositories/ledger';
import type { OrdersRepository } from '../../core/ports/repositories/orders';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { sqlWritersUnitOfWork } from './immediate-unit-of-work';
import { SqlLedgerRepository } from './ledger-repository';
import { SqlOrderAuditRepository } from './order-audit-repository';
import { SqlOrdersRepository } from './orders-repository';
import type { SqlDatabase } from './sql-database';

/** What the ledger and the paper broker write through, over one SQLite connection. */
export function sqlLedgerStorage(
  db: SqlDatabase,
  unitOfWork: UnitOfWork = sqlWritersUnitOfWork(db),
): {
  ledgerRepo: LedgerRepository;
  ordersRepo: OrdersRepository;
  unitOfWork: UnitOfWork;
  orderAudit: OrderAuditLog;
} {
  return {
    ledgerRepo: new SqlLedgerRepository(db),
    ordersRepo: new SqlOrdersRepository(db),
    unitOfWork,
    orderAudit: new SqlOrderAuditRepository(db),
  };
}
