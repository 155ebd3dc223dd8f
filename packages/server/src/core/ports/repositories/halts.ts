import type { CircuitBreaker, HaltSource } from '@td/contracts';

/** One trading halt; times are epoch ms, resumedAt null means trading is still halted. */
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

/** What a halt has done to orders so far: cancelled, found already filled, still being chased. */
export interface HaltOrderCounts {
  cancelledOrders: number;
  filledOrders: number;
  chasingOrders: number;
}

/** The halts, newest last: the latest is the current state. Each write returns the halt as it now stands. */
export interface HaltsRepository {
  latest(): HaltRecord | null;
  begin(halt: Pick<HaltRecord, 'haltedAt' | 'reason' | 'source' | 'breaker' | 'haltedBy'>): HaltRecord;
  /** Adds what one stop did: added, not set, so a chased order ending meanwhile is never lost. */
  recordEffects(id: number, orders: HaltOrderCounts, closedPositions: number): HaltRecord;
  /** One chased order has ended: it leaves the chased count for the cancelled or the filled one. */
  recordChaseEnded(id: number, outcome: 'cancelled' | 'filled'): HaltRecord;
  resume(id: number, at: number, by: string, reason: string | null): HaltRecord;
}
