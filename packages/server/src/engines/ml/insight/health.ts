// System health and decision quality from measurements (docs/decisions/0019-ml-health.md). Pure.

/** z for a one-sided 95 % bound. */
const Z = 1.96;

/**
 * The Wilson score interval's lower bound: the success rate we are 95 % sure of after `successes` in
 * `trials`. It rises with evidence, so ten lucky calls do not read as excellent; null with no trials.
 */
export function wilsonLowerBound(successes: number, trials: number): number | null {
  if (!(trials > 0)) return null;
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = Z * Z;
  const centre = p + z2 / (2 * trials);
  const margin = Z * Math.sqrt((p * (1 - p) + z2 / (4 * trials)) / trials);
  return Math.max(0, (centre - margin) / (1 + z2 / trials));
}

/** Resolved outcomes memory aims to hold before it counts as full. */
export const MEMORY_TARGET = 200;

/** Memory's health: the share of memories with an outcome × how near the resolved count is to the target. */
export function memoryHealth(total: number, resolved: number): number {
  if (total <= 0) return 0;
  return (resolved / total) * Math.min(1, resolved / MEMORY_TARGET);
}

export interface HealthComponents {
  model: number | null;
  learning: number | null;
  memory: number | null;
  knowledge: number | null;
}

/** How much each measured component counts in the overall score (the models' accuracy weighs most). */
export const HEALTH_WEIGHTS: Readonly<Record<keyof HealthComponents, number>> = {
  model: 0.4,
  learning: 0.2,
  memory: 0.2,
  knowledge: 0.2,
};

/** The weighted mean of the components measured so far (weights renormalised); null when none is. */
export function overallHealth(components: HealthComponents): number | null {
  let sum = 0;
  let weight = 0;
  for (const key of Object.keys(HEALTH_WEIGHTS) as (keyof HealthComponents)[]) {
    const value = components[key];
    if (value === null || !Number.isFinite(value)) continue;
    sum += HEALTH_WEIGHTS[key] * value;
    weight += HEALTH_WEIGHTS[key];
  }
  return weight > 0 ? Math.min(1, Math.max(0, sum / weight)) : null;
}

/** Change a trend needs before it is called one (spec part 2 §4 shows improving or stable). */
export const TREND_EPSILON = 0.01;

export type Trend = 'improving' | 'stable' | 'declining';

export function trendOf(earlier: number | null | undefined, latest: number | null | undefined): Trend {
  if (typeof earlier !== 'number' || typeof latest !== 'number') return 'stable';
  if (latest - earlier > TREND_EPSILON) return 'improving';
  if (earlier - latest > TREND_EPSILON) return 'declining';
  return 'stable';
}

/** Decisions whose outcome is known (resolved predictions and closed trades), counted since the start. */
export interface JudgedCounts {
  judged: number;
  right: number;
}

/** Decisions judged between two counts before the recent rate is compared with the earlier one. */
export const MIN_RECENT_DECISIONS = 10;

/**
 * Decision quality: the share of judged decisions that turned out right; its trend compares the rate
 * of the decisions judged since `earlier` (an hour before) with the rate up to `earlier`.
 */
export function decisionQuality(latest: JudgedCounts, earlier: JudgedCounts | null) {
  const rate = (counts: JudgedCounts) => (counts.judged > 0 ? counts.right / counts.judged : null);
  const recent = earlier
    ? { judged: latest.judged - earlier.judged, right: latest.right - earlier.right }
    : null;
  // Counts that shrank (old predictions pruned) or barely moved say nothing about a trend.
  const comparable = earlier && recent && recent.judged >= MIN_RECENT_DECISIONS && recent.right >= 0;
  return {
    average_quality_score: rate(latest),
    quality_trend: comparable ? trendOf(rate(earlier), rate(recent)) : 'stable',
    decisions_measured: latest.judged,
  } as const;
}

/** Per-trade figures over closed trades' returns (fractions): win rate, mean, mean over deviation. */
export function tradeFigures(returns: readonly number[]) {
  const finite = returns.filter((value) => Number.isFinite(value));
  const n = finite.length;
  if (n === 0) return { win_rate: null, average_return: null, sharpe_ratio: null, closed_trades: 0 };
  const mean = finite.reduce((sum, value) => sum + value, 0) / n;
  const variance = n > 1 ? finite.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1) : 0;
  return {
    win_rate: finite.filter((value) => value > 0).length / n,
    average_return: mean,
    sharpe_ratio: variance > 0 ? mean / Math.sqrt(variance) : null,
    closed_trades: n,
  };
}
