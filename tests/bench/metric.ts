/** One figure per line, `metric: value unit`, so results can be compared across runs by eye or script. */
export function metric(name: string, value: number, unit: string, digits = 1): void {
  console.log(`${name}: ${value.toFixed(digits)} ${unit}`);
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The median of one figure over several runs of the same measurement. */
export function median<T>(runs: T[], pick: (run: T) => number): number {
  return percentile(runs.map(pick), 50);
}
