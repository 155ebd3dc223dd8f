import { type HaltState, TRADING_NOT_HALTED } from '@td/contracts';
import type { HaltRecord } from '../../core/ports/repositories/halts';

const IST_OFFSET_MS = 5.5 * 3_600_000;
const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());

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
