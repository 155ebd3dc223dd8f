/** Where an order came from: the trading loop, a trader's own order, or a halt closing positions. */
export type OrderOrigin = 'loop' | 'manual' | 'close_all';

/**
 * Who had the last word on the order: its origin placed it (`origin`), or something refused it:
 * the Emergency Stop's halt, a circuit breaker's halt, a risk or paper limit (`risk_limit`), or the
 * account and the market (`broker`: no price, not enough cash or shares, no Upstox session).
 */
export type OrderDecider = 'origin' | 'halt' | 'circuit_breaker' | 'risk_limit' | 'broker';

/** What the caller knows of an order's decision and the ledger cannot: who asked, and why. */
export interface OrderDecision {
  origin: OrderOrigin;
  /** The trader's email for a manual order, the strategy for the loop, who stopped for close-all. Never a token. */
  actor: string;
  /** The loop's signal (e.g. `BUY signal, score 0.62, confidence 0.70`); null for the others. */
  signal?: string | null;
  /** Why the order was placed, in the words the loop's journal uses. */
  reasons?: string | null;
  /** Set by the broker when it refuses the order. */
  refusedBy?: Exclude<OrderDecider, 'origin'>;
}
