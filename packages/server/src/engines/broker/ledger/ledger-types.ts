import type { Position } from '../../../core/orders';
import type { OrderAuditLog } from '../../../core/ports/order-audit';
import type { EntryKind } from '../../../core/ports/repositories/ledger';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';
import type { LedgerRepositories } from './ledger-reader';

export interface TradingSnapshot {
  cashPaise: number;
  /** Open positions, by symbol. */
  positions: Position[];
  equityPaise: number;
  dayPnlPaise: number;
}

export type { EntryKind };

/** The ledger's repositories and the unit its writes commit in (an IMMEDIATE transaction in SQLite). */
export interface LedgerStorage extends LedgerRepositories {
  unitOfWork: UnitOfWork;
  /** Where each order decision is appended, in the order's own unit; none for a replay's scratch ledger. */
  orderAudit?: OrderAuditLog;
}

export interface ResetResult {
  cancelledOrderIds: string[];
  /** The positions that vanished: a paper reset closes them at no price. */
  removedPositions: Position[];
  cashPaise: number;
}
