import type { CircuitBreaker, HaltSource } from '@td/contracts';
import type { HaltOrderCounts, HaltRecord, HaltsRepository } from '../../core/ports/repositories/halts';
import type { SqlDatabase } from './sql-database';

interface HaltRow {
  id: number;
  halted_at: number;
  reason: string;
  source: HaltSource;
  breaker: CircuitBreaker | null;
  halted_by: string;
  cancelled_orders: number;
  filled_orders: number;
  chasing_orders: number;
  closed_positions: number;
  resumed_at: number | null;
  resumed_by: string | null;
  resume_reason: string | null;
}

/** The trading_halts table (migrations 006 and 011). */
export class SqlHaltsRepository implements HaltsRepository {
  constructor(private readonly db: SqlDatabase) {}

  latest(): HaltRecord | null {
    const row = this.db.prepare('SELECT * FROM trading_halts ORDER BY id DESC LIMIT 1').get() as
      | HaltRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  begin(halt: Pick<HaltRecord, 'haltedAt' | 'reason' | 'source' | 'breaker' | 'haltedBy'>): HaltRecord {
    const row = this.db
      .prepare(
        'INSERT INTO trading_halts (halted_at, reason, source, breaker, halted_by) VALUES (?, ?, ?, ?, ?) RETURNING id',
      )
      .get(halt.haltedAt, halt.reason, halt.source, halt.breaker, halt.haltedBy);
    return this.byId((row as { id: number }).id);
  }

  recordEffects(id: number, orders: HaltOrderCounts, closedPositions: number): HaltRecord {
    this.db
      .prepare(
        `UPDATE trading_halts SET cancelled_orders = cancelled_orders + ?, filled_orders = filled_orders + ?,
         chasing_orders = chasing_orders + ?, closed_positions = closed_positions + ? WHERE id = ?`,
      )
      .run(orders.cancelledOrders, orders.filledOrders, orders.chasingOrders, closedPositions, id);
    return this.byId(id);
  }

  recordChaseEnded(id: number, outcome: 'cancelled' | 'filled'): HaltRecord {
    const column = outcome === 'filled' ? 'filled_orders' : 'cancelled_orders';
    this.db
      .prepare(
        `UPDATE trading_halts SET ${column} = ${column} + 1, chasing_orders = chasing_orders - 1 WHERE id = ?`,
      )
      .run(id);
    return this.byId(id);
  }

  resume(id: number, at: number, by: string, reason: string | null): HaltRecord {
    this.db
      .prepare('UPDATE trading_halts SET resumed_at = ?, resumed_by = ?, resume_reason = ? WHERE id = ?')
      .run(at, by, reason, id);
    return this.byId(id);
  }

  private byId(id: number): HaltRecord {
    return fromRow(this.db.prepare('SELECT * FROM trading_halts WHERE id = ?').get(id) as HaltRow);
  }
}

function fromRow(row: HaltRow): HaltRecord {
  return {
    id: row.id,
    haltedAt: row.halted_at,
    reason: row.reason,
    source: row.source,
    breaker: row.breaker,
    haltedBy: row.halted_by,
    cancelledOrders: row.cancelled_orders,
    filledOrders: row.filled_orders,
    chasingOrders: row.chasing_orders,
    closedPositions: row.closed_positions,
    resumedAt: row.resumed_at,
    resumedBy: row.resumed_by,
    resumeReason: row.resume_reason,
  };
}
