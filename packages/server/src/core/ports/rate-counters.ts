/** One hit's answer. `retryAfterMs` is 0 when allowed, else how long until a hit would be allowed. */
export interface RateVerdict {
  allowed: boolean;
  /** Hits still allowed in the window after this one. */
  remaining: number;
  retryAfterMs: number;
}

/**
 * Sliding-window counters shared by every instance (in one process, or in Redis): no `windowMs`
 * span ever holds more than `limit` allowed hits of one key, whichever instance made them.
 */
export interface RateCounters {
  /** Counts one hit on `key` if the window has room; a refused hit is not counted. */
  hit(key: string, windowMs: number, limit: number): Promise<RateVerdict>;
  /** Forgets every hit of `key` (a correct password wipes the account's slate). */
  reset(key: string): Promise<void>;
}
