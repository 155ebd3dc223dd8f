import type { AnalyticsFill } from '../../analytics/round-trips';
import type { AccountId } from '../../broker/broker-types';
import type { Db } from '../../db/database';
import type { PhaseNumber } from '../phases';

export interface PhaseHistoryRow {
  id: number;
  phase: PhaseNumber;
  fromPhase: PhaseNumber | null;
  kind: 'start' | 'promotion' | 'demotion';
  reason: string;
  enteredAt: number;
  equityPaise: number;
}

const COLUMNS = `id, phase, from_phase AS fromPhase, kind, reason, entered_at AS enteredAt, equity_paise AS equityPaise`;

/** The phase_history table (migration 008) and the ledger figures the phase engine reads. */
export class PhaseHistoryStore {
  constructor(private readonly db: Db) {}

  latest(account: AccountId): PhaseHistoryRow | undefined {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM phase_history WHERE account = ? ORDER BY id DESC LIMIT 1`)
      .get(account) as PhaseHistoryRow | undefined;
  }

  recent(account: AccountId, limit: number): PhaseHistoryRow[] {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM phase_history WHERE account = ? ORDER BY id DESC LIMIT ?`)
      .all(account, limit) as PhaseHistoryRow[];
  }

  record(account: AccountId, row: Omit<PhaseHistoryRow, 'id'>): void {
    this.db
      .prepare(
        `INSERT INTO phase_history (account, phase, from_phase, kind, reason, entered_at, equity_paise)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        account,
        row.phase,
        row.fromPhase,
        row.kind,
        row.reason,
        row.enteredAt,
        Math.round(row.equityPaise),
      );
  }

  /** When the account's figures last started again (its opening balance or a reset), epoch ms. */
  baselineTs(account: AccountId): number | null {
    const row = this.db
      .prepare(
        `SELECT MAX(ts) AS ts FROM ledger_entries WHERE account = ? AND kind IN ('opening_balance', 'reset')`,
      )
      .get(account) as { ts: number | null };
    return row.ts;
  }

  /** Balance edits (deposits positive) at or after `sinceTs`. */
  depositsSince(account: AccountId, sinceTs: number): number {
    const row = this.db
      .prepare(
        `SELECT COALESCE(SUM(amount_paise), 0) AS total FROM ledger_entries
         WHERE account = ? AND kind = 'balance_adjustment' AND ts >= ?`,
      )
      .get(account, sinceTs) as { total: number };
    return row.total;
  }

  /** The account's fills at or after `sinceTs` with their order's strategy, in time order. */
  fillsSince(account: AccountId, sinceTs: number): AnalyticsFill[] {
    return this.db
      .prepare(
        `SELECT f.symbol, f.side, f.quantity, f.price_paise AS pricePaise, f.charges_paise AS chargesPaise,
                f.ts, o.strategy
         FROM fills f JOIN orders o ON o.id = f.order_id
         WHERE f.account = ? AND f.ts >= ? ORDER BY f.ts, f.rowid`,
      )
      .all(account, sinceTs) as AnalyticsFill[];
  }

  /** The newest fill's rowid: when it has not moved, no trade has happened since. */
  newestFill(): number {
    const row = this.db.prepare('SELECT MAX(rowid) AS id FROM fills').get() as { id: number | null };
    return row.id ?? 0;
  }
}
