// 1-day value at risk of today's positions, by historical simulation and by the normal approximation.
// References and the choices against quantstats / empyrical are in docs/decisions/0013-risk-formulas.md.
import { sampleStd } from '../analytics/formulas';

/** The 95 % quantile of the standard normal (scipy `norm.ppf(0.95)`), the spec's "1.645". */
export const Z_95 = 1.6448536269514722;
/** VaR at 95 %: the 5th percentile of the P&L. */
export const VAR_TAIL = 0.05;

/**
 * numpy `percentile` (method 'linear', empyrical's `value_at_risk`): the value at rank (n − 1) × q of
 * the sorted values, interpolated between its neighbours; null with no values.
 */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * q;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (rank - below) * (sorted[above]! - sorted[below]!);
}

/**
 * Historical VaR 95 %: the loss at the 5th percentile of the simulated daily P&L, as a positive number
 * (negative when even that session gained). Null under two sessions: one day is not a distribution.
 */
export function historicalValueAtRisk(pnl: readonly number[]): number | null {
  if (pnl.length < 2) return null;
  return 0 - quantile(pnl, VAR_TAIL)!;
}

/** Parametric VaR 95 %: 1.645 × the sample standard deviation of the daily P&L, mean taken as zero. */
export function parametricValueAtRisk(pnl: readonly number[]): number | null {
  const std = sampleStd(pnl);
  return std === null ? null : Z_95 * std;
}

/**
 * Today's positions replayed over past sessions: P&L(t) = Σ value_i × r_i(t), value_i at today's
 * price and r_i(t) the stock's simple return on session t. `returns[i]` is position i's series.
 */
export function simulatedDailyPnl(
  values: readonly number[],
  returns: readonly (readonly number[])[],
): number[] {
  const sessions = returns[0]?.length ?? 0;
  const pnl = new Array<number>(sessions).fill(0);
  for (let i = 0; i < values.length; i += 1) {
    const series = returns[i]!;
    for (let t = 0; t < sessions; t += 1) pnl[t]! += values[i]! * series[t]!;
  }
  return pnl;
}
