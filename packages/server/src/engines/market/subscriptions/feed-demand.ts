import type { FeedDemand, SubscriptionMode } from './subscription-plan';

/** Who keeps its mode first when the feed's limits bind: the indices, then holdings, the loop, screens. */
export const DEMAND_PRIORITY = { index: 0, position: 1, loop: 2, screen: 3 } as const;

/** A symbol a screen asked for over HTTP (quote, candles) stays subscribed this long after the last ask. */
export const SCREEN_DEMAND_MS = 10 * 60_000;

/** Stream topics that need a symbol's live ticks, and the mode each needs (a book needs depth). */
const TOPIC_MODES: readonly (readonly [string, SubscriptionMode])[] = [
  ['book:', 'full'],
  ['ticks:', 'ltpc'],
  ['candles:', 'ltpc'],
];

export interface FeedDemandSources {
  /** The three indices, named as the feeds resolve them. */
  indices: readonly string[];
  /** Symbols held in the paper and the live account. */
  positions: () => readonly string[];
  /** The symbols the trading loop (and research) rank. */
  universe: () => readonly string[];
  /** Every symbol a screen may name in a stream topic. */
  catalogue: readonly string[];
  hasSubscribers: (topic: string) => boolean;
  isKnownSymbol: (symbol: string) => boolean;
  now: () => number;
}

/**
 * What the product needs from the feed right now, consumer by consumer. Indices and held positions
 * stream in full (day volume, depth); so does the ranked universe, because the ML ensemble's volume
 * feature reads bar volume and ltpc ticks carry none (docs/decisions/0023). Screens get ltpc unless
 * they show depth.
 */
export class FeedDemandBook {
  private readonly screenAsks = new Map<string, number>();

  constructor(private readonly sources: FeedDemandSources) {}

  /** A screen asked for these symbols over HTTP; unknown ones are ignored. True when one is new. */
  noteScreenRequest(symbols: readonly string[]): boolean {
    const at = this.sources.now();
    let fresh = false;
    for (const symbol of symbols) {
      if (!this.sources.isKnownSymbol(symbol)) continue;
      fresh ||= !this.screenAsks.has(symbol);
      this.screenAsks.set(symbol, at);
    }
    return fresh;
  }

  demand(): FeedDemand[] {
    const { indices, positions, universe, catalogue, hasSubscribers, isKnownSymbol, now } = this.sources;
    const demands: FeedDemand[] = indices.map((symbol) => ({
      symbol,
      mode: 'full',
      priority: DEMAND_PRIORITY.index,
    }));
    for (const symbol of positions())
      if (isKnownSymbol(symbol)) demands.push({ symbol, mode: 'full', priority: DEMAND_PRIORITY.position });
    for (const symbol of universe()) demands.push({ symbol, mode: 'full', priority: DEMAND_PRIORITY.loop });
    for (const symbol of catalogue) {
      for (const [prefix, mode] of TOPIC_MODES) {
        if (hasSubscribers(`${prefix}${symbol}`))
          demands.push({ symbol, mode, priority: DEMAND_PRIORITY.screen });
      }
    }
    const since = now() - SCREEN_DEMAND_MS;
    for (const [symbol, at] of this.screenAsks) {
      if (at < since) this.screenAsks.delete(symbol);
      else demands.push({ symbol, mode: 'ltpc', priority: DEMAND_PRIORITY.screen });
    }
    return demands;
  }
}
