import type { CancelChase } from './live-cancel-chase';
import type { LiveOrderBook } from './live-order-book';
import type { UpstoxOrderClient } from './upstox-order-client';

/** What each piece of the live broker shares: the order book, the Upstox client, the chase, the clock. */
export interface LiveBrokerParts {
  book: LiveOrderBook;
  client: UpstoxOrderClient;
  chase: CancelChase;
  now(): number;
  /** Throws the account's problem (no session, not set up) before any Upstox call. */
  refuseWhenUnavailable(): void;
}
