/** Small statistics over plain number arrays, shared by the signal sources. */

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Population standard deviation: the window is the whole sample we judge against. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const centre = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - centre) ** 2;
  return Math.sqrt(squares / values.length);
}

/** mean() of the closes of bars[from, to), without copying them out: the same sum in the same order. */
export function meanClose(bars: readonly { close: number }[], from: number, to: number): number {
  if (to <= from) return 0;
  let sum = 0;
  for (let i = from; i < to; i++) sum += bars[i]!.close;
  return sum / (to - from);
}

/** standardDeviation() of the closes of bars[from, to), without copying them out. */
export function closeDeviation(bars: readonly { close: number }[], from: number, to: number): number {
  if (to <= from) return 0;
  const centre = meanClose(bars, from, to);
  let squares = 0;
  for (let i = from; i < to; i++) squares += (bars[i]!.close - centre) ** 2;
  return Math.sqrt(squares / (to - from));
}

export function clamp(value: number, low: number, high: number): number {
  const clamped = Math.min(high, Math.max(low, value));
  // −0 would print as '-0.00' in a reason and fail equality with 0 in a test.
  return clamped === 0 ? 0 : clamped;
}

/**
 * Evidence behind a score: agreement (0..1) times √|score|. The square root keeps a lone
 * mid-strength view (|score| ≈ 0.5 → 0.71) near the phases' 0.60–0.70 bar while weak scores
 * (0.2 → 0.45) stay below it.
 */
export function confidenceOf(score: number, agreement = 1): number {
  return clamp(agreement * Math.sqrt(Math.abs(score)), 0, 1);
}

/** Sorts best score first, then by symbol so equal scores keep a stable, repeatable order. */
export function byScoreDescending<T extends { score: number; symbol: string }>(a: T, b: T): number {
  return b.score - a.score || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
}

/** 0.0312 → '+3.12 %', −0.005 → '-0.50 %'. */
export function formatSignedPercent(fraction: number): string {
  const percent = fraction * 100;
  return `${percent >= 0 ? '+' : '-'}${Math.abs(percent).toFixed(2)} %`;
}
