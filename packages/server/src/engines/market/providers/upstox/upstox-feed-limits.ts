import { type FeedMode, MarketDataError } from '../../market-types';

/**
 * Instruments one Upstox V3 feed connection may hold per mode (architecture: 5000 ltpc, 2000 full;
 * Upstox's V3 docs list 50 for full_d30, the 30-level depth of Upstox Plus).
 */
export const UPSTOX_FEED_LIMITS: Readonly<Record<FeedMode, number>> = {
  ltpc: 5000,
  full: 2000,
  full_d30: 50,
};

/**
 * The limits once a connection mixes modes (Upstox's V3 feed docs, "Connection and Subscription
 * Limits", combined column): fewer instruments per mode than when one mode is used alone.
 */
export const UPSTOX_COMBINED_FEED_LIMITS: Readonly<Record<'ltpc' | 'full', number>> = {
  ltpc: 2000,
  full: 1500,
};

const MODE_NAMES: Record<FeedMode, string> = {
  ltpc: 'LTPC (last price)',
  full: 'full (5-level depth)',
  full_d30: 'full_d30 (30-level depth)',
};

/** Throws feed_limit when `count` instruments would exceed the mode's limit. */
export function assertWithinFeedLimit(mode: FeedMode, count: number): void {
  const limit = UPSTOX_FEED_LIMITS[mode];
  if (count <= limit) return;
  throw new MarketDataError(
    `Upstox streams at most ${limit} instruments in ${MODE_NAMES[mode]} mode; this would make ${count}. ` +
      'Unsubscribe some instruments or use a lighter mode.',
    'feed_limit',
  );
}
