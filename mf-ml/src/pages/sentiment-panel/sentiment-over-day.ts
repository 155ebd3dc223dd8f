import type { ScoredHeadline } from '@td/contracts';
import type { TrendPoint } from './sentiment-trend-chart';

const MINUTE = 60_000;
const MAX_POINTS = 24;

/**
 * The day's sentiment from the headlines themselves: the confidence-weighted mean score of each time
 * bucket, oldest first. Buckets are an hour over a full day and shrink (to 5 minutes at the least)
 * when the news so far spans less, so a fresh start already draws a line.
 */
export function sentimentOverDay(headlines: readonly ScoredHeadline[], now: number): TrendPoint[] {
  const dated = headlines
    .map((headline) => ({ time: Date.parse(headline.timestamp), headline }))
    .filter(({ time }) => Number.isFinite(time) && time <= now && now - time <= 24 * 60 * MINUTE);
  if (dated.length === 0) return [];
  const oldest = Math.min(...dated.map(({ time }) => time));
  const bucket = Math.max(5 * MINUTE, Math.ceil((now - oldest) / MAX_POINTS / MINUTE) * MINUTE);
  const sums = new Map<number, { weighted: number; weight: number }>();
  for (const { time, headline } of dated) {
    const key = Math.floor(time / bucket) * bucket;
    const sum = sums.get(key) ?? { weighted: 0, weight: 0 };
    // A headline the lexicon barely knew still counts a little, so no bucket divides by zero.
    const weight = Math.max(0.05, headline.confidence);
    sum.weighted += headline.score * weight;
    sum.weight += weight;
    sums.set(key, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, { weighted, weight }]) => ({
      time: Math.min(now, start + bucket / 2),
      score: weighted / weight,
    }));
}
