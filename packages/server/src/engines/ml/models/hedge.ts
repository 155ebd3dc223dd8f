/** Hedge's learning rate per batch of resolved outcomes (one batch = the predictions resolved in one minute). */
export const HEDGE_ETA = 0.5;
/** Fixed share: each step mixes this much of the uniform weights back in, so a model that recovers can regain weight. */
export const HEDGE_SHARE = 0.01;

/**
 * Hedge (multiplicative weights, Freund & Schapire 1997) with fixed share (Herbster & Warmuth 1998):
 * w_i ← w_i · exp(−η · ℓ_i), normalised, then mixed with uniform by `share`. ℓ_i is model i's mean
 * absolute loss |y − p_i| over the batch, in 0..1.
 */
export function hedgeUpdate(
  weights: readonly number[],
  losses: readonly number[],
  eta = HEDGE_ETA,
  share = HEDGE_SHARE,
): number[] {
  if (weights.length !== losses.length) throw new RangeError('one loss per weight');
  const raised = weights.map((w, i) => {
    const loss = losses[i]!;
    // A model that could not be scored (NaN loss) keeps its weight rather than poisoning the rest.
    return Number.isFinite(loss) ? w * Math.exp(-eta * loss) : w;
  });
  const total = raised.reduce((sum, w) => sum + w, 0);
  const n = weights.length;
  if (!(total > 0) || !Number.isFinite(total)) return uniformWeights(n);
  return raised.map((w) => (1 - share) * (w / total) + share / n);
}

export function uniformWeights(n: number): number[] {
  return new Array(n).fill(1 / n);
}
