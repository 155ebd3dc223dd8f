import type { Charges, Order, OrderRequest } from '../../../core/orders';
import { pendingOrder } from '../../../core/orders';
import { openDatabase } from '../../sqlite/database';
import { SqlLedgerReadRepository } from '../ledger-read-repository';
import { SqlLedgerRepository } from '../ledger-repository';
import { SqlOrdersRepository } from '../orders-repository';
import { SqlPhasesRepository } from '../phases-repository';
import type { SqlDatabase } from '../sql-database';

export const T0 = Date.UTC(2026, 0, 5, 4, 0);

/** A database at the latest migration (in-memory SQLite unless one is given), with every repository over it and the paper account open. */
export function openRepositories(db: SqlDatabase = openDatabase(':memory:')) {
  const ledger = new SqlLedgerRepository(db);
  const orders = new SqlOrdersRepository(db);
  const reads = new SqlLedgerReadRepository(db);
  const phases = new SqlPhasesRepository(db);
  ledger.createAccount('paper', T0);
  return { db, ledger, orders, reads, phases };
}

export function charges(total: number): Charges {
  return { brokerage: total, stt: 0, exchangeTransaction: 0, sebiFee: 0, gst: 0, stampDuty: 0, total };
}

export function order(id: string, overrides: Partial<OrderRequest> = {}, ts = T0): Order {
  return pendingOrder(
    {
      account: 'paper',
      symbol: 'TCS',
      side: 'BUY',
      type: 'MARKET',
      quantity: 10,
      strategy: 'manual',
      ...overrides,
    },
    id,
    ts,
  );
}
