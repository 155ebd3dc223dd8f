// Follows each scored headline that names a stock until its horizon passes, then keeps what the
// stock's price did: the raw material of the news-event hit rates.
import type { NewsEventOutcome } from './pattern-hit-rates';

/** What the tracker reads of a headline (parsed from the news pipeline's reply). */
export interface TrackedHeadline {
  id: string;
  at: number;
  symbols: readonly string[];
  score: number;
  eventType: string;
}

/** A stock's price at a moment: the minute bar around it where the market engine still holds one. */
export type PriceAt = (symbol: string, at: number) => number | undefined;

interface Pending {
  eventType: string;
  expected: 'up' | 'down';
  symbol: string;
  at: number;
  startPrice: number;
}

/** Headlines followed at most: older resolved outcomes drop off first. */
const CAPACITY = 5000;

export class NewsEventTracker {
  private readonly seen = new Set<string>();
  private readonly pending: Pending[] = [];
  private readonly resolved: NewsEventOutcome[] = [];
  /** Outcomes resolved since the tracker started (not capped): the learning events it counts. */
  resolvedTotal = 0;

  constructor(
    private readonly horizonMs: number,
    private readonly priceAt: PriceAt,
  ) {}

  /** Starts following new headlines; neutral ones (score 0) foretell nothing and are left out. */
  observe(headlines: readonly TrackedHeadline[]): void {
    for (const headline of headlines) {
      if (this.seen.has(headline.id)) continue;
      this.seen.add(headline.id);
      if (!Number.isFinite(headline.score) || headline.score === 0) continue;
      for (const symbol of headline.symbols) {
        const startPrice = this.priceAt(symbol, headline.at);
        if (startPrice === undefined || !(startPrice > 0)) continue;
        this.pending.push({
          eventType: headline.eventType,
          expected: headline.score > 0 ? 'up' : 'down',
          symbol,
          at: headline.at,
          startPrice,
        });
      }
    }
    if (this.seen.size > CAPACITY * 4) this.seen.clear();
  }

  /** Resolves every followed headline whose horizon has passed by `now`. */
  resolve(now: number): void {
    for (let i = this.pending.length - 1; i >= 0; i -= 1) {
      const event = this.pending[i]!;
      if (now < event.at + this.horizonMs) continue;
      const endPrice = this.priceAt(event.symbol, event.at + this.horizonMs);
      this.pending.splice(i, 1);
      if (endPrice === undefined || !(endPrice > 0)) continue;
      this.resolvedTotal += 1;
      this.resolved.push({
        eventType: event.eventType,
        expected: event.expected,
        forwardReturn: endPrice / event.startPrice - 1,
      });
    }
    if (this.resolved.length > CAPACITY) this.resolved.splice(0, this.resolved.length - CAPACITY);
  }

  /** Resolved outcomes, then the pending ones (counted as occurrences, not yet as hits or misses). */
  outcomes(): NewsEventOutcome[] {
    return [
      ...this.resolved,
      ...this.pending.map((event) => ({
        eventType: event.eventType,
        expected: event.expected,
        forwardReturn: null,
      })),
    ];
  }
}
