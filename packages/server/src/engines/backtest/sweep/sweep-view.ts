import { type BacktestSweepRequest, sweepCombinationCount } from '@td/contracts';
import type { BacktestRunRecord } from '../../../core/ports/repositories/backtest-runs';

/** One sweep as GET /api/backtests/sweeps(/:id) answers it: combinations done from the bars done. */
export function sweepView(sweep: Omit<BacktestRunRecord, 'result'> & { result?: unknown }) {
  const settings = sweep.settings as BacktestSweepRequest;
  const combinations = sweepCombinationCount(settings.grid);
  // Every combination replays the same range's bars: in sample, then out of sample.
  const perCombination = combinations > 0 ? sweep.totalBars / combinations : 0;
  const combinationsDone = perCombination > 0 ? Math.floor(sweep.barsDone / perCombination) : 0;
  const percent = sweep.totalBars > 0 ? Math.floor((sweep.barsDone / sweep.totalBars) * 1000) / 10 : 0;
  return {
    id: sweep.id,
    status: sweep.status,
    created_at: new Date(sweep.createdAt).toISOString(),
    finished_at: sweep.finishedAt === null ? null : new Date(sweep.finishedAt).toISOString(),
    settings,
    progress: {
      combinations_done: Math.min(combinationsDone, combinations),
      combinations,
      bars_done: sweep.barsDone,
      total_bars: sweep.totalBars,
      percent,
    },
    ...(sweep.result === undefined ? {} : { result: sweep.result }),
    error: sweep.error,
  };
}
export type BacktestSweepView = ReturnType<typeof sweepView>;
