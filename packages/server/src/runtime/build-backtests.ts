import { BACKTESTS_STREAM_TOPIC } from '@td/contracts';
import {
  BacktestLane,
  BacktestService,
  BacktestSweepService,
  generatedHistory,
  stopBacktestLab,
  WorkerBacktestRunner,
} from '../engines/backtest';
import { SqlBacktestRunsRepository } from '../storage/sql/backtest-runs-repository';
import { SqlHistoricalCandlesRepository } from '../storage/sql/historical-candles-repository';
import { backtestWorkerSpawner } from './backtest-worker';
import type { Foundation } from './build-foundation';

/** The strategy lab: its backtests and parameter sweeps, one at a time in one worker thread. */
export interface BacktestLab {
  backtests: BacktestService;
  sweeps: BacktestSweepService;
  recover(): void;
  stop(): Promise<void>;
}

/**
 * The strategy lab's backtests and sweeps (decisions 0054, 0057): in a worker over the market's
 * generated history or the stored candles, which the worker reads through a connection of its own
 * (decision 0056).
 */
export function buildBacktests(base: Foundation): BacktestLab {
  const { config, market, db, now, logger, stream, storage } = base;
  const candles = storage.readerFile ? { file: storage.readerFile } : storage.readerPostgres;
  const spawn = backtestWorkerSpawner({
    seed: config.market.seed,
    dates: market.history.sessionDates,
    continuousSession: config.market.continuousSession,
    candles,
    riskFreeRatePercent: config.riskFreeRatePercent,
  });
  const history = generatedHistory(market);
  const runner = new WorkerBacktestRunner(spawn);
  const lane = new BacktestLane();
  // Backtests and sweeps both read the stored candles (data 'stored') when the worker can.
  const storedCandles = candles ? new SqlHistoricalCandlesRepository(db) : undefined;
  const historyIsTheFeeds = () => market.activeProvider === market.simulator;
  const backtests = new BacktestService({
    runs: new SqlBacktestRunsRepository(db),
    ...{ history, storedCandles, runner, lane, historyIsTheFeeds, now, logger },
    publish: (frame) => stream.publish(BACKTESTS_STREAM_TOPIC, frame),
  });
  const sweeps = new BacktestSweepService({
    sweeps: new SqlBacktestRunsRepository(db, 'backtest_sweeps'),
    ...{ history, storedCandles, runner, lane, historyIsTheFeeds, now, logger },
  });
  return {
    backtests,
    sweeps,
    recover: () => {
      backtests.recover();
      sweeps.recover();
    },
    // Both cancel their work under way before the thread they share ends: a run is kept cancelled.
    stop: () => stopBacktestLab([backtests, sweeps], runner),
  };
}
