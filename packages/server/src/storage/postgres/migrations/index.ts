import type { Migration } from '../../sql/migrate';
import { authMigration } from './001-auth';
import { settingsMigration } from './002-settings';
import { ledgerMigration } from './003-ledger';
import { liveOrderRefsMigration } from './004-live-order-refs';
import { pendingOrdersIndexMigration } from './005-pending-orders-index';
import { safetyMigration } from './006-safety';
import { mlMigration } from './007-ml';
import { phasesMigration } from './008-phases';
import { dataSourcesMigration } from './009-data-sources';
import { orderProductsMigration } from './010-order-products';
import { haltOrderOutcomesMigration } from './011-halt-order-outcomes';
import { orderIdempotencyKeysMigration } from './012-order-idempotency-keys';
import { leasesMigration } from './013-leases';
import { instancesMigration } from './014-instances';
import { secondFactorMigration } from './015-second-factor';
import { orderAuditMigration } from './016-order-audit';
import { replayedOrdersIndexMigration } from './017-replayed-orders-index';
import { ledgerMoneyIndexMigration } from './018-ledger-money-index';
import { closedSellsIndexMigration } from './019-closed-sells-index';
import { backtestRunsMigration } from './020-backtest-runs';
import { historicalCandlesMigration } from './022-historical-candles';
import { backtestSweepsMigration } from './023-backtest-sweeps';

/**
 * The PostgreSQL twin of sqlite/migrations: the same ids, names and schema, one file per id.
 * Add each new migration to both lists; schema-parity.test.ts fails until they agree.
 */
export const postgresMigrations: Migration[] = [
  authMigration,
  settingsMigration,
  ledgerMigration,
  liveOrderRefsMigration,
  pendingOrdersIndexMigration,
  safetyMigration,
  mlMigration,
  phasesMigration,
  dataSourcesMigration,
  orderProductsMigration,
  haltOrderOutcomesMigration,
  orderIdempotencyKeysMigration,
  leasesMigration,
  instancesMigration,
  secondFactorMigration,
  orderAuditMigration,
  replayedOrdersIndexMigration,
  ledgerMoneyIndexMigration,
  closedSellsIndexMigration,
  backtestRunsMigration,
  historicalCandlesMigration,
  backtestSweepsMigration,
];

/**
 * Columns only the PostgreSQL schema has. SQLite sorts and pages orders and fills by their implicit
 * rowid (insertion order); PostgreSQL has none, so these tables carry `rowid BIGINT GENERATED ALWAYS
 * AS IDENTITY UNIQUE` and the repositories' `ORDER BY ts, rowid` reads the same on both.
 */
export const POSTGRES_ONLY_COLUMNS: Record<string, string[]> = {
  orders: ['rowid'],
  fills: ['rowid'],
};
