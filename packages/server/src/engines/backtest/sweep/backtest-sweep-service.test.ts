import { type BacktestSweepRequest, backtestSweepRequestSchema, sweepResultSchema } from '@td/contracts';
import { SqlBacktestRunsRepository } from '../../../storage/sql/backtest-runs-repository';
import { openDatabase } from '../../../storage/sqlite/database';
import type { Candle } from '../../market/market-types';
import type { Signal, SignalSource } from '../../strategy';
import { BacktestLane } from '../backtest-lane';
import type { BacktestRunner } from '../backtest-protocol';
import { BacktestService } from '../backtest-service';
import { type BacktestHistory, selectBacktestSessions } from '../backtest-sessions';
import { settingsOf } from '../backtest-view';
import { stopBacktestLab } from '../lab-stop';
import { runBacktest } from '../run-backtest';
import { memoryLedger } from '../test-support/memory-ledger';
import { BacktestSweepService } from './backtest-sweep-service';

const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
const DATES = ['2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30'];
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
const history: BacktestHistory = {
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
const source: SignalSource = {
  name: 'scripted',
  rank: (_universe, now): Signal[] =>
    DATES.some((date) => now + 1 - 60_000 === at(date, '09:15'))
      ? [
          { symbol: 'INFY', direction: 'BUY', score: 0.9, confidence: 0.9, reasons: ['scripted'] },
          { symbol: 'SBIN', direction: 'BUY', score: 0.9, confidence: 0.65, reasons: ['scripted'] },
        ]
      : [],
};

const runner: BacktestRunner = {
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

const request = (extra: Partial<BacktestSweepRequest> = {}): BacktestSweepRequest =>
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

function lab(sweepRunner: BacktestRunner = runner, backtestRunner: BacktestRunner = runner) {
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
function gated() {
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
function stuckRunner(): BacktestRunner {
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

describe('BacktestSweepService', () => {
  it('fits on the first sessions by date and reports on the held-out rest, each part as its own backtest', async () => {
    const { sweeps } = lab();
    const { id } = sweeps.start(request());
    await sweeps.idle();
    const sweep = sweeps.get(id);
    expect(sweep.status).toBe('complete');
    expect(sweep.progress).toMatchObject({ combinations_done: 4, combinations: 4, percent: 100 });
    const result = sweepResultSchema.parse(sweep.result);
    expect(result.in_sample).toEqual({ from: '2026-01-27', to: '2026-01-28', sessions: 2 });
    expect(result.out_of_sample).toEqual({ from: '2026-01-29', to: '2026-01-30', sessions: 2 });
    expect(result.combinations).toHaveLength(4);

    for (const row of result.combinations) {
      const settings = settingsOf({ ...request(), ...row.parameters });
      const alone = async (from: string, to: string) => {
        const outcome = await runBacktest({
          sessions: selectBacktestSessions(history, { from, to, symbols: [] }),
          settings,
          source,
          openLedger: memoryLedger,
        });
        if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
        return outcome.result;
      };
      const inSample = await alone('2026-01-27', '2026-01-28');
      const outOfSample = await alone('2026-01-29', '2026-01-30');
      expect(row.in_sample).toEqual({
        net_pnl: inSample.netPnlPaise / 100,
        charges: inSample.chargesPaise / 100,
        orders: inSample.orders.length,
      });
      expect(row.out_of_sample).toMatchObject({
        net_pnl: outOfSample.netPnlPaise / 100,
        charges: outOfSample.chargesPaise / 100,
        orders: outOfSample.orders.length,
      });
      // Each held-out session's P&L adds up to the part's net P&L, charges paid.
      const summed = row.out_of_sample.session_pnl.reduce((sum, pnl) => sum + pnl, 0);
      expect(summed).toBeCloseTo(row.out_of_sample.net_pnl, 2);
      expect(row.out_of_sample.charges).toBeGreaterThan(0);
    }
    // The table leads with the held-out figures, best first.
    const outOfSample = result.combinations.map((row) => row.out_of_sample.net_pnl);
    expect(outOfSample).toEqual([...outOfSample].sort((a, b) => b - a));
    // Fitting chooses the best in-sample combination: exactly one.
    const fitted = result.combinations.filter((row) => row.fitted);
    expect(fitted).toHaveLength(1);
    const bestInSample = Math.max(...result.combinations.map((row) => row.in_sample.net_pnl));
    expect(fitted[0]?.in_sample.net_pnl).toBe(bestInSample);
    // Confidence 0.6 lets SBIN's 0.65 signals trade, 0.7 does not: the combinations differ.
    const byConfidence = (c: number) =>
      result.combinations.find(
        (r) => r.parameters.min_confidence === c && r.parameters.max_hold_minutes === 8,
      );
    expect(byConfidence(0.6)?.in_sample.orders).toBeGreaterThan(byConfidence(0.7)?.in_sample.orders ?? 0);
  });

  it('refuses a range of one session with a sentence, storing nothing', () => {
    const { sweeps } = lab();
    expect(() => sweeps.start(request({ from: DATES[0], to: DATES[0] }))).toThrow(
      'The range holds 1 session: a walk-forward sweep needs at least 2, one to fit on and one held out, so widen the range.',
    );
    expect(sweeps.list()).toEqual([]);
  });

  it('leaves a cancelled sweep cancelled with no table, and frees the worker for a backtest', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first backtest waits until the test cancels; the sweep must then stop.
    const waiting: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        await gate;
        return runner.run(job, onProgress, signal);
      },
      stop: async () => {},
    };
    const { sweeps, backtests } = lab(waiting);
    const { id } = sweeps.start(request());
    expect(() => backtests.start({ ...request(), symbols: [] })).toThrow(
      'A parameter sweep is running: wait for it to finish or cancel it first.',
    );
    expect(() => sweeps.start(request())).toThrow('A parameter sweep is running');
    const cancelling = sweeps.cancel(id);
    release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe('cancelled');
    expect(sweeps.get(id).result).toBeNull();
    const run = backtests.start({ ...request(), symbols: [] });
    expect(() => sweeps.start(request())).toThrow(
      'A backtest is already running: wait for it to finish or cancel it first.',
    );
    await backtests.idle();
    expect(backtests.get(run.id).status).toBe('complete');
  });

  it('cancels the sweep under way when the server stops, keeping no table', async () => {
    let ended = false;
    // A runner whose thread ends only when stopped: the sweep must not wait for its backtest to finish.
    const stuck: BacktestRunner = {
      run: () =>
        new Promise((_, reject) => {
          const timer = setInterval(() => {
            if (ended) {
              clearInterval(timer);
              reject(new Error('The server is stopping: the backtest was cut short.'));
            }
          }, 5);
        }),
      stop: async () => {
        ended = true;
      },
    };
    const { sweeps } = lab(stuck);
    const { id } = sweeps.start(request());
    await sweeps.stop();
    expect(sweeps.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });

  it('refuses to cancel a sweep that has ended', async () => {
    const { sweeps } = lab();
    const { id } = sweeps.start(request());
    await sweeps.idle();
    await expect(sweeps.cancel(id)).rejects.toThrow(
      'This sweep is complete, not running: there is nothing to cancel.',
    );
  });

  it('fails the sweep when a backtest throws mid-sweep, keeping no table and freeing the worker', async () => {
    let runs = 0;
    const breaking: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        runs++;
        if (runs === 3) throw new Error('the worker ran out of memory');
        return runner.run(job, onProgress, signal);
      },
      stop: async () => {},
    };
    const { sweeps, backtests } = lab(breaking);
    const { id } = sweeps.start(request());
    await sweeps.idle();
    expect(sweeps.get(id)).toMatchObject({
      status: 'failed',
      error: 'the worker ran out of memory',
      result: null,
    });
    const run = backtests.start({ ...request(), symbols: [] });
    await backtests.idle();
    expect(backtests.get(run.id).status).toBe('complete');
  });

  it('refuses a sweep while a backtest runs, with a sentence, storing nothing', async () => {
    const { waiting, release } = gated();
    const { sweeps, backtests } = lab(runner, waiting);
    backtests.start({ ...request(), symbols: [] });
    expect(() => sweeps.start(request())).toThrow(
      expect.objectContaining({
        statusCode: 409,
        message: 'A backtest is already running: wait for it to finish or cancel it first.',
      }),
    );
    expect(sweeps.list()).toEqual([]);
    release();
    await backtests.idle();
  });

  it('fails a sweep left by a server that died after this one started, once ten minutes pass unmoved', async () => {
    const { sweeps, repository, clock } = lab();
    repository.insert({ id: 'left', createdAt: 5_000, settings: request(), totalBars: 80, owner: 'api-2' });
    repository.progress('left', 20, 6_000);
    sweeps.recover();
    clock.now = 6_000 + 9 * 60_000;
    expect(sweeps.get('left').status).toBe('running');
    await expect(sweeps.cancel('left')).rejects.toThrow('This sweep is running on another server');
    clock.now = 6_000 + 11 * 60_000;
    expect(sweeps.list().map((sweep) => [sweep.id, sweep.status])).toEqual([['left', 'failed']]);
    expect(sweeps.get('left')).toMatchObject({
      status: 'failed',
      error: 'The server running this sweep stopped during it: start it again.',
    });
  });

  it('never fails the sweep it is moving itself, however long a stretch goes without progress', async () => {
    const { waiting, release } = gated();
    const { sweeps, clock } = lab(waiting);
    const { id } = sweeps.start(request());
    clock.now += 60 * 60_000;
    expect(sweeps.get(id).status).toBe('running');
    release();
    await sweeps.idle();
    expect(sweeps.get(id).status).toBe('complete');
  });
});

describe('stopBacktestLab', () => {
  it('keeps a backtest under way cancelled, not failed, when the lab stops with its sweeps', async () => {
    const shared = stuckRunner();
    const { sweeps, backtests } = lab(shared, shared);
    const { id } = backtests.start({ ...request(), symbols: [] });
    await new Promise((resolve) => setImmediate(resolve)); // the run has reached the thread
    await stopBacktestLab([backtests, sweeps], shared);
    expect(backtests.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });

  it('keeps a sweep under way cancelled when the lab stops', async () => {
    const shared = stuckRunner();
    const { sweeps, backtests } = lab(shared, shared);
    const { id } = sweeps.start(request());
    await new Promise((resolve) => setImmediate(resolve)); // the first backtest has reached the thread
    await stopBacktestLab([backtests, sweeps], shared);
    expect(sweeps.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });
});
