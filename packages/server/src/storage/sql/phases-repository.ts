import type { AccountId } from '../../core/orders';
import type { PhaseHistoryRow, PhasesRepository } from '../../core/ports/repositories/phases';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

const COLUMNS = `id, phase, from_phase AS "fromPhase", kind, reason, entered_at AS "enteredAt", equity_paise AS "equityPaise"`;

/** The phase_history table (migration 008). */
export class SqlPhasesRepository implements PhasesRepository {
  private readonly sql;

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  latest(account: AccountId): PhaseHistoryRow | undefined {
    return this.sql(`SELECT ${COLUMNS} FROM phase_history WHERE account = ? ORDER BY id DESC LIMIT 1`).get(
      account,
    ) as PhaseHistoryRow | undefined;
  }

  recent(account: AccountId, limit: number): PhaseHistoryRow[] {
    return this.sql(`SELECT ${COLUMNS} FROM phase_history WHERE account = ? ORDER BY id DESC LIMIT ?`).all(
      account,
      limit,
    ) as PhaseHistoryRow[];
  }

  record(account: AccountId, row: Omit<PhaseHistoryRow, 'id'>): void {
    this.sql(
      `INSERT INTO phase_history (account, phase, from_phase, kind, reason, entered_at, equity_paise)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      account,
      row.phase,
      row.fromPhase,
      row.kind,
      row.reason,
      row.enteredAt,
      Math.round(row.equityPaise),
    );
  }
}
