import type { SweepCombination } from '@td/contracts';
import { meanWithInterval } from '../../../core/mean-with-interval';
import type { BacktestResult } from '../run-backtest';
import type { SweepParameters } from './sweep-plan';

const rupees = (paise: number) => paise / 100;

/** One combination's two backtests: fitted on the first part, run again on the held-out rest. */
export interface SweepCombinationRuns {
  parameters: SweepParameters;
  inSample: BacktestResult;
  outOfSample: BacktestResult;
}

/** Each session's net P&L, paise: its end equity less the one before (the first, less capital). */
export function sessionPnlPaise(result: BacktestResult): number[] {
  let before = result.startingCapitalPaise;
  return result.sessions.map((session) => {
    const pnl = session.endEquityPaise - before;
    before = session.endEquityPaise;
    return pnl;
  });
}

/** The family-wise error a sweep's "beyond noise" badges keep to, over all its combinations. */
const FAMILY_ERROR = 0.05;

/** Each row's interval level: Bonferroni's 1 − 0.05/k, so pure noise badges any row 5 % of the time. */
export const sweepIntervalLevel = (combinations: number) => 1 - FAMILY_ERROR / Math.max(1, combinations);

/**
 * The combination fitting on the first part chooses: the best in-sample net P&L, the first of a tie in
 * grid order; none when every combination made the same (nothing to choose between, e.g. no trades).
 */
export function fittedIndex(runs: readonly SweepCombinationRuns[]): number | null {
  let fitted = -1;
  runs.forEach((run, index) => {
    if (fitted < 0 || run.inSample.netPnlPaise > (runs[fitted] as SweepCombinationRuns).inSample.netPnlPaise)
      fitted = index;
  });
  if (fitted < 0) return null;
  const best = (runs[fitted] as SweepCombinationRuns).inSample.netPnlPaise;
  return runs.length > 1 && runs.every((run) => run.inSample.netPnlPaise === best) ? null : fitted;
}

/**
 * The sweep's table (decision 0057): the in-sample pick first (its held-out figure is the only one not
 * chosen by looking at the held-out part), then the rest by out-of-sample net P&L, best first. Each
 * row is within noise when its per-session mean's Bonferroni interval reaches 0 (or under two
 * sessions tell nothing).
 */
export function sweepTable(runs: readonly SweepCombinationRuns[]): SweepCombination[] {
  const fitted = fittedIndex(runs);
  const level = sweepIntervalLevel(runs.length);
  const rows = runs.map((run, index) => combinationRow(run, index === fitted, level));
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        Number(b.row.fitted) - Number(a.row.fitted) ||
        b.row.out_of_sample.net_pnl - a.row.out_of_sample.net_pnl ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}

function combinationRow(run: SweepCombinationRuns, fitted: boolean, level: number): SweepCombination {
  const sessions = sessionPnlPaise(run.outOfSample);
  const { mean, interval } = meanWithInterval(sessions, level);
  const withinNoise = interval === null || (interval[0] <= 0 && interval[1] >= 0);
  return {
    parameters: run.parameters,
    out_of_sample: {
      net_pnl: rupees(run.outOfSample.netPnlPaise),
      charges: rupees(run.outOfSample.chargesPaise),
      orders: run.outOfSample.orders.length,
      session_pnl: sessions.map(rupees),
      mean_session_pnl: roundPaise(mean) / 100,
      interval: interval === null ? null : [roundPaise(interval[0]) / 100, roundPaise(interval[1]) / 100],
      within_noise: withinNoise,
    },
    in_sample: {
      net_pnl: rupees(run.inSample.netPnlPaise),
      charges: rupees(run.inSample.chargesPaise),
      orders: run.inSample.orders.length,
    },
    fitted,
  };
}

/** A mean of paise is not whole: shown to the paisa. */
const roundPaise = (paise: number) => Math.round(paise);
