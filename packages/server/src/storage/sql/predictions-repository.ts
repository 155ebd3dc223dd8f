import type {
  ModelRecord,
  NewPrediction,
  PredictionCounts,
  PredictionsRepository,
  Resolution,
  StoredPrediction,
} from '../../core/ports/repositories/predictions';
import type { SqlDatabase } from './sql-database';

interface PredictionRow {
  id: number;
  symbol: string;
  made_at: number;
  due_at: number;
  horizon_minutes: number;
  price_paise: number;
  probability: number;
  direction: 'UP' | 'DOWN';
  confidence: number;
  votes: string;
  observation: string;
  explanation: string;
  resolved_at: number | null;
  outcome_price_paise: number | null;
  outcome_up: 0 | 1 | null;
  correct: 0 | 1 | null;
}

/** Predictions, model state and learning counters in SQLite (migration 007-ml). */
export class SqlPredictionsRepository<TObservation, TCounters>
  implements PredictionsRepository<TObservation, TCounters>
{
  constructor(private readonly db: SqlDatabase) {}

  record(predictions: readonly NewPrediction<TObservation>[]): void {
    const insert = this.db.prepare(
      `INSERT INTO ml_predictions (symbol, made_at, due_at, horizon_minutes, price_paise, probability, direction,
         confidence, votes, observation, explanation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const p of predictions) {
        insert.run(
          p.symbol,
          p.madeAt,
          p.dueAt,
          p.horizonMinutes,
          Math.round(p.pricePaise),
          p.probability,
          p.direction,
          p.confidence,
          JSON.stringify(p.votes),
          JSON.stringify(p.observation),
          JSON.stringify(p.explanation),
        );
      }
    })();
  }

  due(now: number, limit = 500): StoredPrediction<TObservation>[] {
    const rows = this.db
      .prepare(
        'SELECT * FROM ml_predictions WHERE resolved_at IS NULL AND due_at <= ? ORDER BY due_at LIMIT ?',
      )
      .all(now, limit) as PredictionRow[];
    return rows.map((row) => fromRow<TObservation>(row));
  }

  /** Marks predictions resolved; outcomeUp null means it expired unresolvable (no price after it was made). */
  resolve(resolutions: readonly Resolution[]): void {
    const update = this.db.prepare(
      'UPDATE ml_predictions SET resolved_at = ?, outcome_price_paise = ?, outcome_up = ?, correct = ? WHERE id = ?',
    );
    this.db.transaction(() => {
      for (const r of resolutions) {
        update.run(
          r.at,
          r.pricePaise === null ? null : Math.round(r.pricePaise),
          r.up,
          r.correct === null ? null : r.correct ? 1 : 0,
          r.id,
        );
      }
    })();
  }

  recentResolved(limit: number): StoredPrediction<TObservation>[] {
    const rows = this.db
      .prepare(
        'SELECT * FROM ml_predictions WHERE outcome_up IS NOT NULL ORDER BY resolved_at DESC, id DESC LIMIT ?',
      )
      .all(limit) as PredictionRow[];
    return rows.map((row) => fromRow<TObservation>(row)).reverse();
  }

  list(options: { symbol?: string; limit?: number } = {}): StoredPrediction<TObservation>[] {
    const limit = Math.min(Math.max(1, options.limit ?? 50), 500);
    const rows = (
      options.symbol
        ? this.db
            .prepare('SELECT * FROM ml_predictions WHERE symbol = ? ORDER BY made_at DESC, id DESC LIMIT ?')
            .all(options.symbol, limit)
        : this.db.prepare('SELECT * FROM ml_predictions ORDER BY made_at DESC, id DESC LIMIT ?').all(limit)
    ) as PredictionRow[];
    return rows.map((row) => fromRow<TObservation>(row));
  }

  byId(id: number): StoredPrediction<TObservation> | null {
    const row = this.db.prepare('SELECT * FROM ml_predictions WHERE id = ?').get(id) as
      | PredictionRow
      | undefined;
    return row ? fromRow<TObservation>(row) : null;
  }

  counts(): PredictionCounts {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS total, COUNT(outcome_up) AS resolved, COALESCE(SUM(correct), 0) AS correct,
           SUM(CASE WHEN resolved_at IS NULL THEN 1 ELSE 0 END) AS pending, AVG(confidence) AS mean_confidence,
           COUNT(DISTINCT symbol) AS symbols
         FROM ml_predictions`,
      )
      .get() as {
      total: number;
      resolved: number;
      correct: number;
      pending: number | null;
      mean_confidence: number | null;
      symbols: number;
    };
    return {
      total: row.total,
      resolved: row.resolved,
      correct: row.correct,
      pending: row.pending ?? 0,
      meanConfidence: row.mean_confidence,
      symbols: row.symbols,
    };
  }

  /** Each stock's newest prediction time: after a restart no bar is predicted twice. */
  latestBySymbol(): Map<string, number> {
    const rows = this.db
      .prepare('SELECT symbol, MAX(made_at) AS made_at FROM ml_predictions GROUP BY symbol')
      .all() as {
      symbol: string;
      made_at: number;
    }[];
    return new Map(rows.map((row) => [row.symbol, row.made_at]));
  }

  /** Drops resolved predictions made before `before` (retention); unresolved ones stay until resolved. */
  prune(before: number): number {
    return this.db
      .prepare('DELETE FROM ml_predictions WHERE resolved_at IS NOT NULL AND made_at < ?')
      .run(before).changes;
  }

  loadModels(): Map<string, ModelRecord> {
    const rows = this.db.prepare('SELECT * FROM ml_models').all() as {
      name: string;
      state: string;
      weight: number;
      resolved: number;
      correct: number;
      up_calls: number;
      up_wins: number;
    }[];
    return new Map(
      rows.map((r) => [
        r.name,
        {
          name: r.name,
          state: JSON.parse(r.state),
          weight: r.weight,
          resolved: r.resolved,
          correct: r.correct,
          upCalls: r.up_calls,
          upWins: r.up_wins,
        },
      ]),
    );
  }

  saveModels(models: readonly ModelRecord[], counters: TCounters, rebalances: number, now: number): void {
    const upsert = this.db.prepare(
      `INSERT INTO ml_models (name, state, weight, resolved, correct, up_calls, up_wins, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET state = excluded.state, weight = excluded.weight, resolved = excluded.resolved,
         correct = excluded.correct, up_calls = excluded.up_calls, up_wins = excluded.up_wins, updated_at = excluded.updated_at`,
    );
    const learning = this.db.prepare(
      `INSERT INTO ml_learning (id, counters, model_rebalances, updated_at) VALUES (1, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET counters = excluded.counters, model_rebalances = excluded.model_rebalances,
         updated_at = excluded.updated_at`,
    );
    this.db.transaction(() => {
      for (const m of models) {
        upsert.run(
          m.name,
          JSON.stringify(m.state),
          m.weight,
          m.resolved,
          m.correct,
          m.upCalls,
          m.upWins,
          now,
        );
      }
      learning.run(JSON.stringify(counters), rebalances, now);
    })();
  }

  loadLearning(): { counters: TCounters; rebalances: number } | null {
    const row = this.db.prepare('SELECT counters, model_rebalances FROM ml_learning WHERE id = 1').get() as
      | { counters: string; model_rebalances: number }
      | undefined;
    return row ? { counters: JSON.parse(row.counters), rebalances: row.model_rebalances } : null;
  }
}

function fromRow<TObservation>(row: PredictionRow): StoredPrediction<TObservation> {
  return {
    id: row.id,
    symbol: row.symbol,
    madeAt: row.made_at,
    dueAt: row.due_at,
    horizonMinutes: row.horizon_minutes,
    pricePaise: row.price_paise,
    probability: row.probability,
    direction: row.direction,
    confidence: row.confidence,
    votes: JSON.parse(row.votes),
    observation: JSON.parse(row.observation),
    explanation: JSON.parse(row.explanation),
    resolvedAt: row.resolved_at,
    outcomePricePaise: row.outcome_price_paise,
    outcomeUp: row.outcome_up,
    correct: row.correct === null ? null : row.correct === 1,
  };
}
