// The diversification score, and why this formula: docs/decisions/0013-risk-formulas.md.

/**
 * 1 − σ_p / Σ w_i σ_i: the share of the positions' stand-alone volatility that their imperfect
 * correlation removes (1 − 1 / the diversification ratio of Choueifaty & Coignard, 2008). 0 for one
 * stock or perfectly correlated ones, towards 1 as more uncorrelated ones share the money; null when
 * no position moved. Weights are shares of the positions' value; σ are daily standard deviations.
 */
export function diversificationScore(
  weights: readonly number[],
  stds: readonly (number | null)[],
  portfolioStd: number | null,
): number | null {
  if (portfolioStd === null || weights.length === 0) return null;
  let standAlone = 0;
  for (let i = 0; i < weights.length; i += 1) {
    const std = stds[i];
    if (std === null || std === undefined) return null;
    standAlone += weights[i]! * std;
  }
  if (standAlone <= 0) return null;
  return Math.min(1, Math.max(0, 1 - portfolioStd / standAlone));
}

/** Herfindahl–Hirschman index Σ w_i²: 1 for one stock, 1 / N for N equal ones. */
export function herfindahlIndex(weights: readonly number[]): number {
  let sum = 0;
  for (const weight of weights) sum += weight * weight;
  return sum;
}
