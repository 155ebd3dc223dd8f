import type { BacktestStatus } from '@td/contracts';
import type { BacktestRunRecord, BacktestRunsRepository } from '../../core/ports/repositories/backtest-runs';
import type { SqlDatabase } from './sql-database';

interface BacktestRunRow {
  id: string;
  created_at: number;
  finished_at: number | null;
  status: BacktestStatus;
  settings: string;
  bars_done: number;
  total_bars: number;
  result?: string | null;
  error: string | null;
}

const LISTED = 'id, created_at, finished_at, status, settings, bars_done, total_bars, error';

/**
 * The backtest_runs table (migration 020), or backtest_sweeps (migration 023, the same columns);
 * settings and result stored as JSON text.
 */
export class SqlBacktestRunsRepository implements BacktestRunsRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly table: 'backtest_runs' | 'backtest_sweeps' = 'backtest_runs',
  ) {}

  insert(
    run: Pick<BacktestRunRecord, 'id' | 'createdAt' | 'settings' | 'totalBars'> & { owner: string },
  ): void {
    this.db
      .prepare(
        `INSERT INTO ${this.table} (id, created_at, status, settings, total_bars, owner, updated_at) VALUES (?, ?, 'running', ?, ?, ?, ?)`,
      )
      .run(run.id, run.createdAt, JSON.stringify(run.settings), run.totalBars, run.owner, run.createdAt);
  }

  progress(id: string, barsDone: number, at: number): void {
    this.db
      .prepare(`UPDATE ${this.table} SET bars_done = ?, updated_at = ? WHERE id = ? AND status = 'running'`)
      .run(barsDone, at, id);
  }

  finish(
    id: string,
    end: Pick<BacktestRunRecord, 'status' | 'finishedAt' | 'result' | 'error' | 'barsDone'>,
  ): void {
    this.db
      .prepare(
        `UPDATE ${this.table} SET status = ?, finished_at = ?, result = ?, error = ?, bars_done = ? WHERE id = ? AND status = 'running'`,
      )
      .run(
        end.status,
        end.finishedAt,
        end.result === null || end.result === undefined ? null : JSON.stringify(end.result),
        end.error,
        end.barsDone,
        id,
      );
  }

  failRunning(end: {
    finishedAt: number;
    error: string;
    owner: string;
    staleBefore: number;
    except?: string | null;
  }): number {
    return this.db
      .prepare(
        `UPDATE ${this.table} SET status = 'failed', finished_at = ?, error = ? WHERE status = 'running' AND (owner = ? OR COALESCE(updated_at, created_at) < ?) AND id <> ?`,
      )
      .run(end.finishedAt, end.error, end.owner, end.staleBefore, end.except ?? '').changes;
  }

  get(id: string): BacktestRunRecord | null {
    const row = this.db.prepare(`SELECT * FROM ${this.table} WHERE id = ?`).get(id) as
      | BacktestRunRow
      | undefined;
    return row ? { ...fromRow(row), result: row.result ? JSON.parse(row.result) : null } : null;
  }

  list(limit: number): Omit<BacktestRunRecord, 'result'>[] {
    const rows = this.db
      .prepare(`SELECT ${LISTED} FROM ${this.table} ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(limit) as BacktestRunRow[];
    return rows.map(fromRow);
  }
}

function fromRow(row: BacktestRunRow): Omit<BacktestRunRecord, 'result'> {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    status: row.status,
    settings: JSON.parse(row.settings),
    barsDone: Number(row.bars_done),
    totalBars: Number(row.total_bars),
    error: row.error,
  };
}
