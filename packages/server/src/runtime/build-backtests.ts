import { BACKTESTS_STREAM_TOPIC } from '@td/contracts';
import { BacktestService, generatedHistory, WorkerBacktestRunner } from '../engines/backtest';
import { SqlBacktestRunsRepository } from '../storage/sql/backtest-runs-repository';
import { backtestWorkerSpawner } from './backtest-worker';
import type { Foundation } from './build-foundation';

/** The strategy lab's backtests: runs in a worker over the market's generated history (decision 0054). */
export function buildBacktests(base: Foundation): BacktestService {
  const { config, market, db, now, logger, stream } = base;
  const spawn = backtestWorkerSpawner({
    seed: config.market.seed,
    dates: market.history.sessionDates,
    continuousSession: config.market.continuousSession,
    riskFreeRatePercent: config.riskFreeRatePercent,
  });
  return new BacktestService({
    runs: new SqlBacktestRunsRepository(db),
    history: generatedHistory(market),
    runner: new WorkerBacktestRunner(spawn),
    historyIsTheFeeds: () => market.activeProvider === market.simulator,
    now,
    logger,
    publish: (frame) => stream.publish(BACKTESTS_STREAM_TOPIC, frame),
  });
}
