import type { OrderRequest } from '../../core/orders';

/** The bars the loop decides on are minute bars: one decision per strategy, name and side in each. */
export const DECISION_BAR_MS = 60_000;

/**
 * The idempotency key of one decision of the loop: strategy, side, symbol and the minute bar it was
 * decided in. Deterministic, so a new leader repeating the decision after a failover (or a second
 * run in the same bar) names the same key and the orders table places it once
 * (docs/decisions/0035-order-idempotency-keys.md). At most 96 characters: strategy ≤ 40, symbol ≤ 20.
 */
export function decisionKey(request: Pick<OrderRequest, 'strategy' | 'side' | 'symbol'>, at: number): string {
  const bar = Math.floor(at / DECISION_BAR_MS) * DECISION_BAR_MS;
  return `loop:${request.strategy}:${request.side}:${request.symbol}:${new Date(bar).toISOString()}`;
}
