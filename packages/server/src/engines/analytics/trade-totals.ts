import { due, type Steps } from '../../core/time-slices';
import type { RoundTrip } from './round-trips';

/** What every trade statistic is computed from; sums, so any set of trades merges by adding. Paise. */
export interface TradeTotals {
  total: number;
  winning: number;
  losing: number;
  grossProfit: number;
  /** Positive: Σ |losing P&L|. */
  grossLoss: number;
  largestWin: number | null;
  /** Negative. */
  largestLoss: number | null;
  holdMs: number;
}

export const emptyTotals = (): TradeTotals => ({
  total: 0,
  winning: 0,
  losing: 0,
  grossProfit: 0,
  grossLoss: 0,
  largestWin: null,
  largestLoss: null,
  holdMs: 0,
});

export function addTrade(totals: TradeTotals, pnl: number, holdMs = 0): void {
  totals.total += 1;
  totals.holdMs += holdMs;
  if (pnl > 0) {
    totals.winning += 1;
    totals.grossProfit += pnl;
    if (totals.largestWin === null || pnl > totals.largestWin) totals.largestWin = pnl;
  } else if (pnl < 0) {
    totals.losing += 1;
    totals.grossLoss -= pnl;
    if (totals.largestLoss === null || pnl < totals.largestLoss) totals.largestLoss = pnl;
  }
}

export function mergeTotals(into: TradeTotals, other: TradeTotals): void {
  into.total += other.total;
  into.winning += other.winning;
  into.losing += other.losing;
  into.grossProfit += other.grossProfit;
  into.grossLoss += other.grossLoss;
  into.holdMs += other.holdMs;
  if (other.largestWin !== null && (into.largestWin === null || other.largestWin > into.largestWin))
    into.largestWin = other.largestWin;
  if (other.largestLoss !== null && (into.largestLoss === null || other.largestLoss < into.largestLoss))
    into.largestLoss = other.largestLoss;
}

/**
 * The totals of trips i … end for every i. A period always ends today, so its trades are a suffix of
 * each bucket's (exit-ordered) trips: one lookup instead of a pass over them.
 */
export class SuffixTotals {
  private readonly wins: Int32Array;
  private readonly losses: Int32Array;
  private readonly profit: Float64Array;
  private readonly loss: Float64Array;
  private readonly hold: Float64Array;
  private readonly maxWin: Float64Array;
  private readonly minLoss: Float64Array;

  /** `filled` false: the arrays only, for `steps` to fill. */
  constructor(trips: readonly RoundTrip[], filled = true) {
    const n = trips.length;
    this.wins = new Int32Array(n + 1);
    this.losses = new Int32Array(n + 1);
    this.profit = new Float64Array(n + 1);
    this.loss = new Float64Array(n + 1);
    this.hold = new Float64Array(n + 1);
    this.maxWin = new Float64Array(n + 1).fill(Number.NaN);
    this.minLoss = new Float64Array(n + 1).fill(Number.NaN);
    if (filled) for (let i = n - 1; i >= 0; i -= 1) this.add(trips, i);
  }

  /**
   * The same totals as steps (core/time-slices): a bucket can hold tens of thousands of trips, built
   * in one go they were a ≈ 25 ms piece of a cold rebuild (decision 0048).
   */
  static *steps(trips: readonly RoundTrip[]): Steps<SuffixTotals> {
    const totals = new SuffixTotals(trips, false);
    for (let i = trips.length - 1; i >= 0; i -= 1) {
      if (due(i, 4096)) yield;
      totals.add(trips, i);
    }
    return totals;
  }

  private add(trips: readonly RoundTrip[], i: number): void {
    const { pnlPaise: pnl, entryTs, exitTs } = trips[i]!;
    const win = pnl > 0 ? 1 : 0;
    const lose = pnl < 0 ? 1 : 0;
    this.wins[i] = this.wins[i + 1]! + win;
    this.losses[i] = this.losses[i + 1]! + lose;
    this.profit[i] = this.profit[i + 1]! + (win ? pnl : 0);
    this.loss[i] = this.loss[i + 1]! - (lose ? pnl : 0);
    this.hold[i] = this.hold[i + 1]! + (exitTs - entryTs);
    const nextWin = this.maxWin[i + 1]!;
    const nextLoss = this.minLoss[i + 1]!;
    this.maxWin[i] = win && !(pnl <= nextWin) ? pnl : nextWin;
    this.minLoss[i] = lose && !(pnl >= nextLoss) ? pnl : nextLoss;
  }

  from(i: number): TradeTotals {
    const n = this.wins.length - 1;
    const maxWin = this.maxWin[i]!;
    const minLoss = this.minLoss[i]!;
    return {
      total: n - i,
      winning: this.wins[i]!,
      losing: this.losses[i]!,
      grossProfit: this.profit[i]!,
      grossLoss: this.loss[i]!,
      largestWin: Number.isNaN(maxWin) ? null : maxWin,
      largestLoss: Number.isNaN(minLoss) ? null : minLoss,
      holdMs: this.hold[i]!,
    };
  }
}
