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

export type { Migration } from '../../sql/migrate';

import type { Migration } from '../../sql/migrate';

/** Applied in order, once each; never edit one that has shipped, add the next number. */
export const migrations: Migration[] = [
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
