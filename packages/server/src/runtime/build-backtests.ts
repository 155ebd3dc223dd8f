import { BACKTESTS_STREAM_TOPIC } from '@td/contracts';
import { BacktestService, generatedHistory, WorkerBacktestRunner } from '../engines/backtest';
import { SqlBacktestRunsRepository } from '../storage/sql/backtest-runs-repository';
import { SqlHistoricalCandlesRepository } from '../storage/sql/historical-candles-repository';
import { backtestWorkerSpawner } from './backtest-worker';
import type { Foundation } from './build-foundation';

/**
 * The strategy lab's backtests: runs in a worker over the market's generated history (decision 0054)
 * or the stored candles, which the worker reads through a connection of its own (decision 0056).
 */
export function buildBacktests(base: Foundation): BacktestService {
  const { config, market, db, now, logger, stream, storage } = base;
  const candles = storage.readerFile ? { file: storage.readerFile } : storage.readerPostgres;
  const spawn = backtestWorkerSpawner({
    seed: config.market.seed,
    dates: market.history.sessionDates,
    continuousSession: config.market.continuousSession,
    candles,
  });
  return new BacktestService({
    runs: new SqlBacktestRunsRepository(db),
    history: generatedHistory(market),
    storedCandles: candles ? new SqlHistoricalCandlesRepository(db) : undefined,
    runner: new WorkerBacktestRunner(spawn),
    historyIsTheFeeds: () => market.activeProvider === market.simulator,
    now,
    logger,
    publish: (frame) => stream.publish(BACKTESTS_STREAM_TOPIC, frame),
  });
}
