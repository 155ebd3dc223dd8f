import type { Signal, SignalDirection, SignalSource } from '../../signals';

/** A source that says the same thing every run; `calls` counts the runs that asked it. */
export function fixedSource(
  name: string,
  views: Record<string, [SignalDirection, number, number]>,
): SignalSource & { calls: number } {
  const source = {
    name,
    calls: 0,
    rank(): Signal[] {
      source.calls += 1;
      return Object.entries(views).map(([symbol, [direction, score, confidence]]) => ({
        symbol,
        direction,
        score,
        confidence,
        reasons: [],
      }));
    },
  };
  return source;
}
