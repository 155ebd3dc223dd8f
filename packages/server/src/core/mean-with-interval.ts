/** Student's t, two-sided 95 %, by degrees of freedom 1–30; 1.96 beyond. */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** A mean and its 95 % t interval (null with fewer than two values), each value one observation. */
export function meanWithInterval(values: readonly number[]): {
  mean: number;
  interval: [number, number] | null;
} {
  const mean = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
  if (values.length < 2) return { mean, interval: null };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  const half = (T_95[values.length - 2] ?? 1.96) * Math.sqrt(variance / values.length);
  return { mean, interval: [mean - half, mean + half] };
}
