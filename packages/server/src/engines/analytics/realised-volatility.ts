export type VolatilityLevel = 'Low' | 'Moderate' | 'High' | 'Unknown';

/** Annualised realised volatility (percent) below which the market is Low, then Moderate; High above. */
export const VOLATILITY_LOW_BELOW = 12;
export const VOLATILITY_MODERATE_BELOW = 20;
/** Fewer daily returns than this give no honest figure. */
export const MIN_RETURNS = 10;
const TRADING_DAYS = 252;

/** Sample standard deviation of daily log returns, percent; null with fewer than MIN_RETURNS returns. */
export function dailyVolatilityPercent(closes: readonly number[], minReturns = MIN_RETURNS): number | null {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i += 1) {
    const before = closes[i - 1]!;
    const after = closes[i]!;
    if (before > 0 && after > 0) returns.push(Math.log(after / before));
  }
  if (returns.length < Math.max(2, minReturns)) return null;
  const average = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - average) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * 100;
}

/** Daily volatility × √252: Low under 12 %, Moderate under 20 %, High from 20 %, Unknown without the closes. */
export function realisedVolatility(closes: readonly number[]): {
  level: VolatilityLevel;
  percent: number | null;
  basis: string;
} {
  const daily = dailyVolatilityPercent(closes);
  if (daily === null) {
    return {
      level: 'Unknown',
      percent: null,
      basis: `NIFTY 50 has ${Math.max(0, closes.length - 1)} daily returns; realised volatility needs ${MIN_RETURNS}`,
    };
  }
  const percent = Math.round(daily * Math.sqrt(TRADING_DAYS) * 100) / 100;
  const level =
    percent < VOLATILITY_LOW_BELOW ? 'Low' : percent < VOLATILITY_MODERATE_BELOW ? 'Moderate' : 'High';
  return {
    level,
    percent,
    basis: `annualised volatility of ${closes.length - 1} NIFTY 50 daily returns is ${percent.toFixed(2)} %: Low under ${VOLATILITY_LOW_BELOW} %, Moderate under ${VOLATILITY_MODERATE_BELOW} %, High above`,
  };
}
