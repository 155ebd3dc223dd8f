import type { AllocationContext } from './loop-allocation';

const CONTEXT_TTL_MS = 5 * 60_000;
const UNMEASURED: AllocationContext = { volatility: null, drawdownPercent: null };

export interface MarketContextSources {
  /** NIFTY 50's realised volatility regime; null when not measurable. */
  volatility: () => Promise<AllocationContext['volatility']>;
  /** The account's drawdown below its peak, percent points; null with no history. */
  drawdownPercent: () => number | null;
  now: () => number;
}

/**
 * The volatility regime and drawdown ai_optimized rests on, read at most every 5 minutes (they move
 * once a session, and a read ranks the universe and walks the ledger). One read at a time; a failed
 * read leaves the figure unmeasured (null), never invented.
 */
export class MarketContext {
  private cached: { at: number; value: AllocationContext } | null = null;
  private reading: Promise<AllocationContext> | null = null;

  constructor(private readonly sources: MarketContextSources) {}

  /** The last reading, at once; a stale one is re-read in the background for the next caller. */
  current(): AllocationContext {
    if (this.stale()) void this.read().catch(() => {});
    return this.cached?.value ?? UNMEASURED;
  }

  /** A reading no older than the TTL. */
  async fresh(): Promise<AllocationContext> {
    if (this.stale()) await this.read();
    return this.cached?.value ?? UNMEASURED;
  }

  private stale(): boolean {
    return !this.cached || this.sources.now() - this.cached.at >= CONTEXT_TTL_MS;
  }

  private read(): Promise<AllocationContext> {
    this.reading ??= (async () => {
      const volatility = await this.sources.volatility().catch(() => null);
      let drawdownPercent: number | null = null;
      try {
        drawdownPercent = this.sources.drawdownPercent();
      } catch {
        drawdownPercent = null;
      }
      const value = { volatility, drawdownPercent };
      this.cached = { at: this.sources.now(), value };
      return value;
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }
}
