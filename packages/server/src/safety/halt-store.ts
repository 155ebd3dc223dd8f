import { type CircuitBreaker, type HaltSource, type HaltState, TRADING_NOT_HALTED } from '@td/contracts';
import type { Db } from '../db/database';

export interface HaltRecord {
  id: number;
  haltedAt: number;
  reason: string;
  source: HaltSource;
  breaker: CircuitBreaker | null;
  haltedBy: string;
  cancelledOrders: number;
  /** Orders the halt tried to cancel that Upstox reports had already filled. */
  filledOrders: number;
  /** Orders sent to Upstox whose cancel is still being chased. */
  chasingOrders: number;
  closedPositions: number;
  resumedAt: number | null;
  resumedBy: string | null;
  resumeReason: string | null;
}

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

const IST_OFFSET_MS = 5.5 * 3_600_000;
const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());

/** What a halt has done to orders so far: cancelled, found already filled, still being chased. */
export interface HaltOrderCounts {
  cancelledOrders: number;
  filledOrders: number;
  chasingOrders: number;
}

/** The halts in SQLite (migrations 006 and 011): the latest row is the current state; unresumed means halted. */
export class HaltStore {
  constructor(private readonly db: Db) {}

  latest(): HaltRecord | null {
    const row = this.db.prepare('SELECT * FROM trading_halts ORDER BY id DESC LIMIT 1').get() as
      | HaltRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  begin(halt: Pick<HaltRecord, 'haltedAt' | 'reason' | 'source' | 'breaker' | 'haltedBy'>): HaltRecord {
    const result = this.db
      .prepare(
        'INSERT INTO trading_halts (halted_at, reason, source, breaker, halted_by) VALUES (?, ?, ?, ?, ?)',
      )
      .run(halt.haltedAt, halt.reason, halt.source, halt.breaker, halt.haltedBy);
    return this.latestById(Number(result.lastInsertRowid));
  }

  /** Adds what one stop did: added, not set, so a chased order ending meanwhile is never lost. */
  recordEffects(id: number, orders: HaltOrderCounts, closedPositions: number): HaltRecord {
    this.db
      .prepare(
        `UPDATE trading_halts SET cancelled_orders = cancelled_orders + ?, filled_orders = filled_orders + ?,
         chasing_orders = chasing_orders + ?, closed_positions = closed_positions + ? WHERE id = ?`,
      )
      .run(orders.cancelledOrders, orders.filledOrders, orders.chasingOrders, closedPositions, id);
    return this.latestById(id);
  }

  /** One chased order has ended: it leaves the chased count for the cancelled or the filled one. */
  recordChaseEnded(id: number, outcome: 'cancelled' | 'filled'): HaltRecord {
    const column = outcome === 'filled' ? 'filled_orders' : 'cancelled_orders';
    this.db
      .prepare(
        `UPDATE trading_halts SET ${column} = ${column} + 1, chasing_orders = chasing_orders - 1 WHERE id = ?`,
      )
      .run(id);
    return this.latestById(id);
  }

  resume(id: number, at: number, by: string, reason: string | null): HaltRecord {
    this.db
      .prepare('UPDATE trading_halts SET resumed_at = ?, resumed_by = ?, resume_reason = ? WHERE id = ?')
      .run(at, by, reason, id);
    return this.latestById(id);
  }

  private latestById(id: number): HaltRecord {
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

/** The sentence every order meets while halted (the shell's TRADING HALTED banner, on every screen, holds Resume). */
export function haltRefusalSentence(halt: HaltRecord): string {
  const at = `${new Date(halt.haltedAt + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} IST`;
  const what = halt.source === 'manual' ? `Emergency Stop by ${halt.haltedBy}` : 'a circuit breaker';
  return `Trading is halted (${what} at ${at}: ${halt.reason}). Resume it with Resume trading on the TRADING HALTED banner before placing orders.`;
}

export function haltStateOf(halt: HaltRecord | null): HaltState {
  if (!halt) return { ...TRADING_NOT_HALTED };
  const halted = halt.resumedAt === null;
  return {
    halted,
    reason: halt.reason,
    source: halt.source,
    breaker: halt.breaker,
    by: halt.haltedBy,
    at: iso(halt.haltedAt),
    cancelled_orders: halt.cancelledOrders,
    filled_orders: halt.filledOrders,
    chasing_orders: halt.chasingOrders,
    closed_positions: halt.closedPositions,
    resumed_at: iso(halt.resumedAt),
    resumed_by: halt.resumedBy,
    resume_reason: halt.resumeReason,
    refusal: halted ? haltRefusalSentence(halt) : null,
  };
}
