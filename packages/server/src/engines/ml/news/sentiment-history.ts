import type { SentimentReader, SentimentReading } from '../ml-seams';
import { round } from './headline-scoring';
import type { StoredHeadline } from './headline-store';
import { WINDOW_HOURS, weightedReading } from './sentiment-aggregator';

const WINDOW_MS = WINDOW_HOURS * 3_600_000;

/**
 * A stock's or sector's news sentiment at `now` from the headlines of the 24 h before it (recency ×
 * confidence weighted): the live pipeline's reading and a backtest's are this one function.
 */
export function sentimentReading(
  headlines: readonly StoredHeadline[],
  match: (headline: StoredHeadline) => boolean,
  now: number,
): SentimentReading | null {
  const items = headlines.filter((item) => item.at > now - WINDOW_MS && item.at <= now && match(item));
  if (items.length === 0) return null;
  const { score } = weightedReading(items, now);
  return { score: round(score), count: items.length };
}

/**
 * Past headlines read as they stood at a moment: a backtest's or walk-forward's news at each replayed
 * minute, never a headline published after it.
 */
export class SentimentHistory {
  private readonly items: StoredHeadline[];

  constructor(headlines: readonly StoredHeadline[]) {
    this.items = [...headlines].sort((a, b) => a.at - b.at);
  }

  get size(): number {
    return this.items.length;
  }

  /** What the models read at `now`: only headlines published in the 24 h up to it. */
  readerAt(now: number): SentimentReader {
    const window = this.items.slice(this.firstAfter(now - WINDOW_MS), this.firstAfter(now));
    return {
      sentimentBySymbol: (symbol) => sentimentReading(window, (item) => item.symbols.includes(symbol), now),
      sentimentBySector: (sector) => sentimentReading(window, (item) => item.sectors.includes(sector), now),
    };
  }

  /** Adds headlines (a replay's next session). */
  append(headlines: readonly StoredHeadline[]): void {
    this.items.push(...headlines);
    this.items.sort((a, b) => a.at - b.at);
  }

  /** Index of the first headline published after `at`. */
  private firstAfter(at: number): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.items[mid]!.at <= at) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
