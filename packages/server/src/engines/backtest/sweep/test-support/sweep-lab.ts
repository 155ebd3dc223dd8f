// The lab the sweep tests run: four crafted sessions of INFY and SBIN, a scripted source, and both services.
import { type BacktestSweepRequest, backtestSweepRequestSchema } from '@td/contracts';
import { SqlBacktestRunsRepository } from '../../../../storage/sql/backtest-runs-repository';
import { openDatabase } from '../../../../storage/sqlite/database';
import type { Candle } from '../../../market/market-types';
import type { Signal, SignalSource } from '../../../strategy';
import { BacktestLane } from '../../backtest-lane';
import type { BacktestRunner } from '../../backtest-protocol';
import { BacktestService } from '../../backtest-service';
import { type BacktestHistory, selectBacktestSessions } from '../../backtest-sessions';
import { runBacktest } from '../../run-backtest';
import { memoryLedger } from '../../test-support/memory-ledger';
import { BacktestSweepService } from '../backtest-sweep-service';

const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
export const DATES = ['2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30'];
const SYMBOLS = ['INFY', 'SBIN'];

/** Ten one-minute bars from 09:15: flat at `open`, then at `then` from the third minute. */
function bars(symbol: string, date: string, open: number, then: number): Candle[] {
  return Array.from({ length: 10 }, (_, minute) => {
    const close = minute < 2 ? open : then;
    return {
      symbol,
      interval: '1m',
      openTime: at(date, '09:15') + minute * 60_000,
      ...{ open: close, high: close, low: close, close, volume: 1_000_000 },
      source: 'simulator',
    };
  });
}

// INFY gains 3 % on the first and third days and loses 2.2 % on the others; SBIN the other way round.
export const history: BacktestHistory = {
  sessionDates: DATES,
  symbols: SYMBOLS,
  minutesPerSession: 10,
  sessionBars: (date) => {
    const odd = DATES.indexOf(date) % 2 === 0;
    return new Map([
      ['INFY', bars('INFY', date, 1_000_00, odd ? 1_030_50 : 978_00)],
      ['SBIN', bars('SBIN', date, 500_00, odd ? 489_00 : 515_25)],
    ]);
  },
};

/** Every session at 09:15: INFY at 0.9 confidence, SBIN at 0.65 (under a 0.7 minimum). */
export const source: SignalSource = {
  name: 'scripted',
  rank: (_universe, now): Signal[] =>
    DATES.some((date) => now + 1 - 60_000 === at(date, '09:15'))
      ? [
          { symbol: 'INFY', direction: 'BUY', score: 0.9, confidence: 0.9, reasons: ['scripted'] },
          { symbol: 'SBIN', direction: 'BUY', score: 0.9, confidence: 0.65, reasons: ['scripted'] },
        ]
      : [],
};

export const runner: BacktestRunner = {
  run: (job, onProgress, signal) =>
    runBacktest({
      sessions: selectBacktestSessions(history, job.range),
      settings: job.settings,
      source,
      openLedger: memoryLedger,
      onProgress,
      signal,
    }),
  stop: async () => {},
};

export const request = (extra: Partial<BacktestSweepRequest> = {}): BacktestSweepRequest =>
  backtestSweepRequestSchema.parse({
    from: DATES[0],
    to: DATES.at(-1),
    capital: 1_000_000,
    stop_loss_pct: 2,
    target_pct: 3,
    grid: { min_confidence: [0.6, 0.7], max_hold_minutes: [5, 8] },
    in_sample_share: 0.5,
    ...extra,
  });

export function lab(sweepRunner: BacktestRunner = runner, backtestRunner: BacktestRunner = runner) {
  const lane = new BacktestLane();
  const db = openDatabase(':memory:');
  const clock = { now: 5_000 };
  const deps = { history, lane, now: () => clock.now, logger: { info: jest.fn(), error: jest.fn() } };
  const repository = new SqlBacktestRunsRepository(db, 'backtest_sweeps');
  return {
    clock,
    repository,
    sweeps: new BacktestSweepService({ ...deps, sweeps: repository, runner: sweepRunner }),
    backtests: new BacktestService({
      ...deps,
      runs: new SqlBacktestRunsRepository(db),
      runner: backtestRunner,
    }),
  };
}

/** A runner whose runs wait until `release` is called, then replay for real. */
export function gated() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const waiting: BacktestRunner = {
    run: async (job, onProgress, signal) => {
      await gate;
      return runner.run(job, onProgress, signal);
    },
    stop: async () => {},
  };
  return { waiting, release };
}

/**
 * A runner whose run ends only when the thread is stopped, rejected at once as WorkerBacktestRunner's
 * stop rejects what it has pending before the thread has gone.
 */
export function stuckRunner(): BacktestRunner {
  const pending: ((error: Error) => void)[] = [];
  return {
    run: () => new Promise((_, reject) => pending.push(reject)),
    stop: async () => {
      for (const reject of pending.splice(0))
        reject(new Error('The server is stopping: the backtest was cut short.'));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
