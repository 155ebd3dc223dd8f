// Market sensitivity against NIFTY 50 and the stress losses it implies (docs/decisions/0013-risk-formulas.md).
import { mean } from '../analytics/formulas';

/** Sample covariance (ddof = 1, pandas' `cov`); null under two pairs. */
export function sampleCovariance(a: readonly number[], b: readonly number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 2) return null;
  const meanA = mean(a.slice(0, n))!;
  const meanB = mean(b.slice(0, n))!;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += (a[i]! - meanA) * (b[i]! - meanB);
  return sum / (n - 1);
}

/**
 * empyrical `beta`: cov(asset, market) / var(market) over the same sessions; null under two sessions
 * or when the market never moved (no variance to divide by).
 */
export function beta(asset: readonly number[], market: readonly number[]): number | null {
  const covariance = sampleCovariance(asset, market);
  const variance = sampleCovariance(market, market);
  if (covariance === null || variance === null || variance === 0) return null;
  const value = covariance / variance;
  return Number.isFinite(value) ? value : null;
}

/**
 * The loss of the positions if the market fell by `drop` (0.1 = 10 %): Σ value_i × beta_i × drop,
 * positive = money lost. Null when any position has no beta: a partial sum would understate it.
 */
export function stressLoss(
  positions: readonly { value: number; beta: number | null }[],
  drop: number,
): number | null {
  let loss = 0;
  for (const position of positions) {
    if (position.beta === null) return null;
    loss += position.value * position.beta * drop;
  }
  return loss;
}
