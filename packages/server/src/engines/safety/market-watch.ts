import type { MarketDataService } from '../market/market-data-service';
import {
  BREAKER_RULES,
  type BreakerReading,
  IndexWindow,
  liquidityBreaker,
  marketDropBreaker,
  volatilityBreaker,
} from './circuit-breakers';

const MINUTE_MS = 60_000;
/** The pipeline keeps an hour of one-minute bars: the 45 minutes before the recent 15 are the reference. */
const REFERENCE_MINUTES = 45;
/** Breakers are read only while the feed is live: a silent feed is the feed alert's business. */
export const FEED_LIVE_WITHIN_MS = 120_000;

/**
 * The circuit breakers' view of the market: NIFTY 50 sampled from the market engine on every
 * safety tick, and the constituents' one-minute bars for the liquidity ratio.
 */
export class MarketWatch {
  private readonly window = new IndexWindow();
  private readonly niftySymbols: string[];

  constructor(private readonly market: MarketDataService) {
    this.niftySymbols = market.instruments
      .filter((instrument) => (instrument.indexWeights.NIFTY_50 ?? 0) > 0)
      .map((instrument) => instrument.symbol);
  }

  sample(now: number): void {
    const value = this.market.indexSnapshot().NIFTY_50?.value;
    if (value !== undefined) this.window.add(now, value);
  }

  /** True when the market is open and the feed sent data within the last two minutes. */
  measurable(now: number): boolean {
    if (!this.market.clock.isOpen(now)) return false;
    const last = this.market.activeProvider.health().lastDataAt;
    return last !== null && now - last <= FEED_LIVE_WITHIN_MS;
  }

  readings(now: number): BreakerReading[] {
    return [volatilityBreaker(this.window, now), marketDropBreaker(this.window, now), this.liquidity(now)];
  }

  /** Annualised NIFTY 50 volatility of the last half hour, percent, for the market regime; null without it. */
  volatility(now: number): number | null {
    return volatilityBreaker(this.window, now).value;
  }

  private liquidity(now: number): BreakerReading {
    const recentFrom = now - BREAKER_RULES.liquidity.windowMinutes * MINUTE_MS;
    const perMinute = new Map<number, number>();
    let recentTotal = 0;
    let firstRecent = now;
    for (const symbol of this.niftySymbols) {
      for (const bar of this.market.pipeline.minuteBars(symbol)) {
        const value = (bar.close / 100) * bar.volume;
        if (bar.openTime > now) continue;
        if (bar.openTime >= recentFrom) {
          recentTotal += value;
          firstRecent = Math.min(firstRecent, bar.openTime);
        } else perMinute.set(bar.openTime, (perMinute.get(bar.openTime) ?? 0) + value);
      }
    }
    const reference = [...perMinute.entries()]
      .sort((a, b) => a[0] - b[0])
      .slice(-REFERENCE_MINUTES)
      .map(([, value]) => value);
    return liquidityBreaker(recentTotal, (now - firstRecent) / MINUTE_MS, reference);
  }
}
