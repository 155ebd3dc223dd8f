import { formatRupeesForMessage as rupees } from '../../broker/limits';
import type { Signal } from '../../signals';

/** What BUY signals of one strength went on to do over the exit horizon, measured, not assumed. */
export interface ExpectedMove {
  /** Mean forward return, percent (0.05 = +0.05 %). */
  percent: number;
  /** How many past signals it is the mean of. */
  samples: number;
  /** The strength bucket, e.g. "0.4–0.6". */
  strength: string;
}

interface Pending {
  symbol: string;
  bucket: number;
  pricePaise: number;
  at: number;
  day: string;
}

const BUCKETS = 5; // scores 0–0.2, 0.2–0.4, … 0.8–1
/** Fewer past signals than this and the bucket has no measured move: the entry waits. */
export const MIN_EDGE_SAMPLES = 30;

const bucketOf = (score: number) => Math.min(BUCKETS - 1, Math.max(0, Math.floor(score * BUCKETS)));
const bucketLabel = (bucket: number) =>
  `${(bucket / BUCKETS).toFixed(1)}–${((bucket + 1) / BUCKETS).toFixed(1)}`;

/**
 * The expected move of a BUY signal by its strength: every BUY signal the loop ranks is followed
 * until the exit horizon (the maximum hold) or its session's end, whichever comes first, and its
 * return from the price it was ranked at is added to its score's bucket. Fed by the loop's own
 * rankings, in the replay and live alike, so it only ever knows the past (no look-ahead).
 */
export class SignalEdgeBook {
  private readonly pending: Pending[] = [];
  /** Pending signals per session and symbol: the symbols a run prices. */
  private readonly followed = new Map<string, Map<string, number>>();
  private readonly lastSeen = new Map<string, number>();
  private readonly sums = Array.from({ length: BUCKETS }, () => ({ samples: 0, returnSum: 0 }));

  constructor(private readonly horizonMs: number) {}

  private unfollow(item: Pending): void {
    const followed = this.followed.get(item.day);
    const left = (followed?.get(item.symbol) ?? 1) - 1;
    if (left > 0) followed!.set(item.symbol, left);
    else followed?.delete(item.symbol);
    if (followed?.size === 0) this.followed.delete(item.day);
  }

  /** Called on each run with its signals: matures what has reached its horizon, then follows the new BUYs. */
  observe(
    signals: readonly Signal[],
    lastPrice: (symbol: string) => number | undefined,
    now: number,
    day: string,
  ): void {
    // Once per symbol followed today, not once per pending signal (a symbol can have hundreds).
    for (const symbol of this.followed.get(day)?.keys() ?? []) {
      const price = lastPrice(symbol);
      if (price !== undefined) this.lastSeen.set(symbol, price);
    }
    // Kept in place, in order: no new list of every pending signal each run.
    let kept = 0;
    for (const item of this.pending) {
      const sessionOver = item.day !== day;
      if (!sessionOver && now - item.at < this.horizonMs) {
        this.pending[kept++] = item;
        continue;
      }
      this.unfollow(item);
      const exit = this.lastSeen.get(item.symbol);
      if (exit === undefined) continue;
      const bucket = this.sums[item.bucket]!;
      bucket.samples += 1;
      bucket.returnSum += (exit - item.pricePaise) / item.pricePaise;
    }
    this.pending.length = kept;
    for (const signal of signals) {
      if (signal.direction !== 'BUY') continue;
      const price = lastPrice(signal.symbol);
      if (price === undefined || !(price > 0)) continue;
      this.lastSeen.set(signal.symbol, price);
      const followed = this.followed.get(day) ?? new Map<string, number>();
      this.followed.set(day, followed);
      followed.set(signal.symbol, (followed.get(signal.symbol) ?? 0) + 1);
      this.pending.push({
        symbol: signal.symbol,
        bucket: bucketOf(signal.score),
        pricePaise: price,
        at: now,
        day,
      });
    }
  }

  /** Every strength bucket's figures, weakest first: what the decision record's table shows. */
  table(): { strength: string; samples: number; percent: number | null }[] {
    return this.sums.map(({ samples, returnSum }, bucket) => ({
      strength: bucketLabel(bucket),
      samples,
      percent: samples > 0 ? (returnSum / samples) * 100 : null,
    }));
  }

  /** The measured move for a signal of this score, or null while its bucket has too few samples. */
  expectedMove(score: number): ExpectedMove | (Omit<ExpectedMove, 'percent'> & { percent: null }) {
    const bucket = bucketOf(score);
    const { samples, returnSum } = this.sums[bucket]!;
    const strength = bucketLabel(bucket);
    if (samples < MIN_EDGE_SAMPLES) return { percent: null, samples, strength };
    return { percent: (returnSum / samples) * 100, samples, strength };
  }
}

/**
 * Why an entry is skipped because its signal's measured move does not cover its round-trip
 * charges on average, or null when it does. The sentence carries the figures for the journal.
 */
export function edgeRefusal(
  book: Pick<SignalEdgeBook, 'expectedMove'>,
  signal: Pick<Signal, 'score'>,
  valuePaise: number,
  roundTripPaise: number,
): string | null {
  const move = book.expectedMove(signal.score);
  const past = `${move.samples} past BUY signals of strength ${move.strength}`;
  if (move.percent === null) {
    return `no measured move yet: ${past}, ${MIN_EDGE_SAMPLES} needed before its charges can be weighed`;
  }
  const expectedPaise = Math.round((valuePaise * move.percent) / 100);
  if (expectedPaise >= roundTripPaise) return null;
  const sign = move.percent >= 0 ? '+' : '−';
  return `expected move ${sign}${Math.abs(move.percent).toFixed(3)} % (${rupees(expectedPaise)} on ${rupees(valuePaise)}, mean of ${past}) does not cover round-trip charges ${rupees(roundTripPaise)}`;
}
