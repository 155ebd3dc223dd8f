import type { CircuitBreaker } from '@td/contracts';

/** spec part 2 §9 "Safety and scaling", with the windows this code measures them over (decision 0014). */
export const BREAKER_RULES = {
  /** NIFTY 50's realised volatility from its last 30 one-minute returns, annualised, above 40 %. */
  volatility: { abovePercent: 40, windowMinutes: 30, minReturns: 15 },
  /** NIFTY 50 more than 3 % below its highest value of the last 60 minutes. */
  market_drop: { abovePercent: 3, windowMinutes: 60 },
  /**
   * Traded value per minute over the last 15 minutes against the average traded minute of the 45
   * before them (the hour of one-minute bars the tick pipeline keeps), under 15 %.
   */
  liquidity: { belowPercent: 15, windowMinutes: 15, minRecentMinutes: 5, minReferenceMinutes: 30 },
} as const;

const MINUTE_MS = 60_000;
/** One-minute returns in a trading year: 252 sessions of 375 minutes. */
const MINUTES_PER_YEAR = 252 * 375;

export interface BreakerReading {
  breaker: CircuitBreaker;
  /** The measured figure (percent), or null when there is not enough data to measure it. */
  value: number | null;
  tripped: boolean;
  /** The sentence that becomes the halt's reason when tripped. */
  detail: string;
}

/** NIFTY 50 values as the market engine computed them, sampled by the safety engine's timer. */
export class IndexWindow {
  private samples: { ts: number; value: number }[] = [];

  add(ts: number, value: number): void {
    if (!(value > 0)) return;
    const last = this.samples.at(-1);
    if (last && ts < last.ts) return;
    this.samples.push({ ts, value });
    const keepFrom = ts - 2 * BREAKER_RULES.market_drop.windowMinutes * MINUTE_MS;
    while (this.samples.length > 0 && this.samples[0]!.ts < keepFrom) this.samples.shift();
  }

  /** Percent below the highest sample of the last hour (0 when at the high). */
  dropWithinHour(now: number): { percent: number; high: number; value: number } | null {
    const from = now - BREAKER_RULES.market_drop.windowMinutes * MINUTE_MS;
    const recent = this.samples.filter((sample) => sample.ts >= from && sample.ts <= now);
    if (recent.length < 2) return null;
    const high = Math.max(...recent.map((sample) => sample.value));
    const value = recent.at(-1)!.value;
    return { percent: ((high - value) / high) * 100, high, value };
  }

  /** The last value of each minute over the last `minutes` minutes (minutes without a sample are skipped). */
  minuteCloses(now: number, minutes: number): number[] {
    const from = now - minutes * MINUTE_MS;
    const byMinute = new Map<number, number>();
    for (const sample of this.samples)
      if (sample.ts > from && sample.ts <= now) byMinute.set(Math.floor(sample.ts / MINUTE_MS), sample.value);
    return [...byMinute.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
  }
}

/** Sample standard deviation of one-minute log returns × √(252 × 375), percent; null with too few. */
export function annualisedMinuteVolatility(closes: readonly number[], minReturns: number): number | null {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i += 1) returns.push(Math.log(closes[i]! / closes[i - 1]!));
  if (returns.length < Math.max(2, minReturns)) return null;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * MINUTES_PER_YEAR) * 100;
}

const fmt = (value: number) => value.toFixed(2);

export function volatilityBreaker(window: IndexWindow, now: number): BreakerReading {
  const rule = BREAKER_RULES.volatility;
  const value = annualisedMinuteVolatility(window.minuteCloses(now, rule.windowMinutes + 1), rule.minReturns);
  return {
    breaker: 'volatility',
    value,
    tripped: value !== null && value > rule.abovePercent,
    detail:
      value === null
        ? `NIFTY 50 volatility needs ${rule.minReturns} one-minute returns in the last ${rule.windowMinutes} minutes`
        : `NIFTY 50 realised volatility is ${fmt(value)} % (annualised, last ${rule.windowMinutes} one-minute returns), above the ${rule.abovePercent} % circuit breaker`,
  };
}

export function marketDropBreaker(window: IndexWindow, now: number): BreakerReading {
  const rule = BREAKER_RULES.market_drop;
  const drop = window.dropWithinHour(now);
  return {
    breaker: 'market_drop',
    value: drop?.percent ?? null,
    tripped: drop !== null && drop.percent > rule.abovePercent,
    detail:
      drop === null
        ? 'NIFTY 50 has fewer than two values in the last hour'
        : `NIFTY 50 fell ${fmt(drop.percent)} % within the hour (from ${fmt(drop.high)} to ${fmt(drop.value)}), more than the ${rule.abovePercent} % circuit breaker`,
  };
}

/**
 * Traded value across the NIFTY 50 constituents (price × shares, from the pipeline's one-minute
 * bars): traded value per minute over the last 15 minutes (or since the first bar in them, at
 * least 5 minutes, so a feed that just started is not read as a dry market) against the average
 * traded minute before them (`referencePerMinute`: one figure per earlier minute that traded).
 */
export function liquidityBreaker(
  recentTotal: number,
  recentMinutes: number,
  referencePerMinute: readonly number[],
): BreakerReading {
  const rule = BREAKER_RULES.liquidity;
  if (referencePerMinute.length < rule.minReferenceMinutes || recentMinutes < rule.minRecentMinutes) {
    return {
      breaker: 'liquidity',
      value: null,
      tripped: false,
      detail: `the liquidity ratio needs ${rule.minRecentMinutes} recent minutes and ${rule.minReferenceMinutes} earlier minutes of traded value`,
    };
  }
  const referenceAverage = referencePerMinute.reduce((sum, v) => sum + v, 0) / referencePerMinute.length;
  const value = referenceAverage > 0 ? (recentTotal / recentMinutes / referenceAverage) * 100 : null;
  return {
    breaker: 'liquidity',
    value,
    tripped: value !== null && value < rule.belowPercent,
    detail:
      value === null
        ? 'no traded value to compare against'
        : `the liquidity ratio is ${fmt(value)} % (traded value per minute over the last ${fmt(recentMinutes)} minutes against the average minute before), under the ${rule.belowPercent} % circuit breaker`,
  };
}
