import type { MarketDataService } from '../market-data-service';
import type { MarketDataProvider } from '../market-types';
import { UPSTOX_COMBINED_FEED_LIMITS, UPSTOX_FEED_LIMITS } from '../providers/upstox';
import { YahooProvider } from '../providers/yahoo';
import { FeedDemandBook, type FeedDemandSources } from './feed-demand';
import { type FeedSubscriptionFigures, FeedSubscriptionManager } from './feed-subscription-manager';
import type { FeedCapacity } from './subscription-plan';

/** Positions and the loop's universe change on runs a minute apart; a few seconds keeps pace. */
export const RECONCILE_MS = 5000;

/** Yahoo is polled one request per symbol, whatever the mode; Upstox has its per-mode limits. */
export function feedCapacity(provider: MarketDataProvider): FeedCapacity {
  if (provider instanceof YahooProvider) {
    const limit = provider.symbolLimit;
    return { full: limit, ltpc: limit, mixedFull: limit, mixedLtpc: limit, total: limit };
  }
  return {
    full: UPSTOX_FEED_LIMITS.full,
    ltpc: UPSTOX_FEED_LIMITS.ltpc,
    mixedFull: UPSTOX_COMBINED_FEED_LIMITS.full,
    mixedLtpc: UPSTOX_COMBINED_FEED_LIMITS.ltpc,
    total: Number.POSITIVE_INFINITY,
  };
}

export interface FeedSubscriptions {
  /** A screen asked for these symbols (a quote, candles): they stream for a while. */
  noteScreenRequest(symbols: readonly string[]): void;
  /** Brings the feed in use in step with the demand now. */
  reconcile(): void;
  figures(): FeedSubscriptionFigures;
  start(): void;
  stop(): void;
}

/**
 * Subscribes the real feed in use to the universe the product uses: on every change of source
 * (before the feed starts, so Yahoo's first poll and Upstox's first connection carry it), and every
 * RECONCILE_MS after, as positions, the universe and screens change.
 */
export function createFeedSubscriptions(
  market: MarketDataService,
  sources: Omit<FeedDemandSources, 'now' | 'isKnownSymbol'>,
  logger?: { warn(details: object, msg: string): void },
): FeedSubscriptions {
  const book = new FeedDemandBook({
    ...sources,
    now: market.clock.now,
    isKnownSymbol: (symbol) => market.isKnownSymbol(symbol),
  });
  const manager = new FeedSubscriptionManager({
    demand: () => book.demand(),
    capacity: feedCapacity,
    logger,
  });
  const reconcileWith = (provider: MarketDataProvider) => {
    try {
      manager.reconcile(provider);
    } catch (error) {
      // Run from timers and the switch of source: a failing demand source must not end either.
      logger?.warn({ err: error }, 'could not reconcile the market data subscriptions');
    }
  };
  const reconcile = () => reconcileWith(market.activeProvider);
  market.onSourceChange(reconcileWith);
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    noteScreenRequest: (symbols) => {
      // A symbol new to the screens streams at once; a repeat ask only extends its time.
      if (book.noteScreenRequest(symbols)) reconcile();
    },
    reconcile,
    figures: () => manager.figures(),
    start: () => {
      if (timer) return;
      timer = setInterval(reconcile, RECONCILE_MS);
      timer.unref?.();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
