import type { OrderDecider, OrderDecision, OrderOrigin } from './order-decision';
import type { AccountId, Order, OrderSide, OrderStatus } from './orders';

export type { OrderDecider, OrderDecision, OrderOrigin } from './order-decision';

/** One row of the order audit trail: appended once, never changed (docs/decisions/0037-order-audit-trail.md). */
export interface OrderAuditEntry {
  id: string;
  /** Epoch ms of the decision. */
  ts: number;
  account: AccountId;
  origin: OrderOrigin;
  decidedBy: OrderDecider;
  actor: string;
  signal: string | null;
  reasons: string | null;
  /** The order the decision made or refused. */
  orderId: string;
  symbol: string;
  side: OrderSide;
  quantity: number;
  /** Paise: the fill price, else the limit price, else null (a market order refused before a price). */
  pricePaise: number | null;
  outcome: OrderStatus;
  /** The refusal's sentence, or null. */
  detail: string | null;
}

const MANUAL_STRATEGY = 'manual';
/** The strategy the halt's closing sales carry (safety/halt-accounts.ts). */
const CLOSE_ALL_STRATEGY = 'emergency_stop';

/** The origin an order's strategy names, for orders recorded without a decision (and for the trades screen). */
export function originOfStrategy(strategy: string): OrderOrigin {
  if (strategy === MANUAL_STRATEGY) return 'manual';
  if (strategy === CLOSE_ALL_STRATEGY) return 'close_all';
  return 'loop';
}

/** The decision an order without one stands for: its strategy names the origin and the actor. */
export function decisionFromStrategy(strategy: string): OrderDecision {
  return { origin: originOfStrategy(strategy), actor: strategy };
}

// The halt's refusal names its source (safety/halt-state.ts haltRefusalSentence).
const BREAKER_WORDS = 'a circuit breaker';

/** Which halt refused an order, from the sentence the order gate refused it with. */
export function haltDeciderOf(refusal: string): 'halt' | 'circuit_breaker' {
  return refusal.includes(BREAKER_WORDS) ? 'circuit_breaker' : 'halt';
}

/** Five years: what Indian brokers keep order records for; rows older may be purged, no others. */
export const ORDER_AUDIT_RETENTION_MS = 1826.25 * 86_400_000;

/** The audit row for an order as it was written; without a decision the strategy names its origin. */
export function auditEntryOf(
  order: Pick<
    Order,
    | 'id'
    | 'account'
    | 'strategy'
    | 'symbol'
    | 'side'
    | 'quantity'
    | 'averagePrice'
    | 'limitPrice'
    | 'status'
    | 'rejectReason'
  >,
  decision: OrderDecision | undefined,
  id: string,
  ts: number,
): OrderAuditEntry {
  const d = decision ?? decisionFromStrategy(order.strategy);
  const refused = order.status === 'REJECTED';
  return {
    id,
    ts,
    account: order.account,
    origin: d.origin,
    decidedBy: refused ? (d.refusedBy ?? 'broker') : 'origin',
    actor: d.actor,
    signal: d.signal ?? null,
    reasons: d.reasons ?? null,
    orderId: order.id,
    symbol: order.symbol,
    side: order.side,
    quantity: order.quantity,
    pricePaise: order.averagePrice ?? order.limitPrice,
    outcome: order.status,
    detail: refused ? order.rejectReason : null,
  };
}
