import { studentTQuantile } from './student-t';

/** The t quantiles asked for so far, by level and degrees of freedom: a sweep asks the same one per row. */
const quantiles = new Map<string, number>();
function tQuantile(level: number, df: number): number {
  const key = `${level}:${df}`;
  let t = quantiles.get(key);
  if (t === undefined) {
    t = studentTQuantile(1 - (1 - level) / 2, df);
    quantiles.set(key, t);
  }
  return t;
}

/**
 * A mean and its two-sided t interval at `level` (95 % unless told; a family of k means each at
 * 1 − 0.05/k is Bonferroni's), null with fewer than two values, each value one observation.
 */
export function meanWithInterval(
  values: readonly number[],
  level = 0.95,
): {
  mean: number;
  interval: [number, number] | null;
} {
  const mean = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
  if (values.length < 2) return { mean, interval: null };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  const t = tQuantile(level, values.length - 1);
  const half = t * Math.sqrt(variance / values.length);
  return { mean, interval: [mean - half, mean + half] };
}
