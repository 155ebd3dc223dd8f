import { type BacktestProgressFrame, backtestProgressFrameSchema, backtestRunSchema } from '@td/contracts';
import { SqlBacktestRunsRepository } from '../../storage/sql/backtest-runs-repository';
import { openDatabase } from '../../storage/sqlite/database';
import type { Candle } from '../market/market-types';
import type { BacktestRunner } from './backtest-protocol';
import { BacktestService, type BacktestServiceDeps } from './backtest-service';
import type { BacktestHistory } from './backtest-sessions';
import { inProcessRunner } from './backtest-worker-host';
import { memoryLedger } from './test-support/memory-ledger';

const flatBars = (symbol: string, date: string): Candle[] =>
  Array.from({ length: 30 }, (_, minute) => ({
    symbol,
    interval: '1m',
    openTime: Date.parse(`${date}T09:15:00+05:30`) + minute * 60_000,
    open: 1_000_00,
    high: 1_000_00,
    low: 1_000_00,
    close: 1_000_00,
    volume: 10_000,
    source: 'simulator',
  }));

const history: BacktestHistory = {
  sessionDates: ['2026-01-27'],
  symbols: ['INFY', 'TCS'],
  minutesPerSession: 30,
  sessionBars: (date) => new Map(['INFY', 'TCS'].map((symbol) => [symbol, flatBars(symbol, date)])),
};

const request = {
  data: 'generated' as const,
  from: '2026-01-27',
  to: '2026-01-27',
  symbols: [],
  capital: 1_000_000,
  allocation_strategy: 'moderate' as const,
  product: 'I' as const,
  brokerage_plan: 'flat' as const,
  signals: 'rules' as const,
  news: true,
};

function service(
  runner: BacktestRunner = inProcessRunner({ history, openLedger: memoryLedger }),
  extra: Partial<BacktestServiceDeps> = {},
) {
  const runs = new SqlBacktestRunsRepository(openDatabase(':memory:'));
  const logger = { info: jest.fn(), error: jest.fn() };
  return {
    runs,
    backtests: new BacktestService({ runs, history, runner, now: () => 5_000, logger, ...extra }),
  };
}

describe('BacktestService', () => {
  it('records a run from running to complete, every bar counted', async () => {
    const { backtests } = service();
    const { id } = backtests.start(request);
    await backtests.idle();
    const run = backtests.get(id);
    expect(run).toMatchObject({
      status: 'complete',
      progress: { bars_done: 60, total_bars: 60, percent: 100 },
    });
    expect(run.result).toMatchObject({ starting_capital: 1_000_000, bars: 60 });
  });

  it('publishes the progress on the stream a few times a second, with the time left, then the end', async () => {
    let clock = 10_000;
    const published: BacktestProgressFrame[] = [];
    // A runner telling every 100 ms of a 60-bar run: 10 bars a tick, so 6 ticks.
    const paced: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        for (let done = 10; done <= 60; done += 10) {
          clock += 100;
          onProgress(done, 60);
        }
        return inProcessRunner({ history, openLedger: memoryLedger }).run(job, () => {}, signal);
      },
      stop: async () => {},
    };
    const { backtests } = service(paced, { now: () => clock, publish: (frame) => published.push(frame) });
    const { id } = backtests.start(request);
    await backtests.idle();
    // At 100, 200 … 600 ms: sent at 100 ms, then once 250 ms had passed (400 ms), and the last bar at once.
    expect(published).toEqual([
      { id, status: 'running', bars_done: 10, bars_total: 60, percent: 16.6, eta_seconds: 1 },
      { id, status: 'running', bars_done: 40, bars_total: 60, percent: 66.6, eta_seconds: 0 },
      { id, status: 'running', bars_done: 60, bars_total: 60, percent: 100, eta_seconds: 0 },
      { id, status: 'complete', bars_done: 60, bars_total: 60, percent: 100, eta_seconds: 0 },
    ]);
    expect(published.every((frame) => backtestProgressFrameSchema.safeParse(frame).success)).toBe(true);
  });

  it('marks a run that failed in the runner failed, with the reason', async () => {
    const broken: BacktestRunner = {
      run: () => Promise.reject(new Error('the worker ran out of memory')),
      stop: async () => {},
    };
    const { backtests } = service(broken);
    const { id } = backtests.start(request);
    await backtests.idle();
    expect(backtests.get(id)).toMatchObject({
      status: 'failed',
      error: 'the worker ran out of memory',
      result: null,
    });
    // The next run may start.
    expect(backtests.start(request).status).toBe('running');
  });

  it('marks failed the runs this server left running, and those no server has moved for ten minutes', () => {
    const { runs, backtests } = service(undefined, { now: () => 1_000 + 11 * 60_000 });
    runs.insert({
      id: 'left',
      createdAt: 1_000,
      settings: request,
      totalBars: 60,
      owner: 'a server that died',
    });
    backtests.recover();
    expect(backtests.get('left')).toMatchObject({
      status: 'failed',
      error: 'The server running this backtest stopped during it: start it again.',
    });
  });

  it('fails a run left by a server that died after this one started, once it has gone ten minutes unmoved', () => {
    let now = 1_000;
    const { runs, backtests } = service(undefined, { now: () => now });
    runs.insert({ id: 'left', createdAt: 1_000, settings: request, totalBars: 60, owner: 'api-2' });
    runs.progress('left', 30, 2_000);
    backtests.recover();
    // Moved a moment ago: another live server may be running it.
    now = 2_000 + 9 * 60_000;
    expect(backtests.get('left').status).toBe('running');
    // The other server died: nothing moved it for over ten minutes, and the screen polling it learns so.
    now = 2_000 + 11 * 60_000;
    expect(backtests.list().map((run) => [run.id, run.status])).toEqual([['left', 'failed']]);
    expect(backtests.get('left')).toMatchObject({
      status: 'failed',
      error: 'The server running this backtest stopped during it: start it again.',
    });
    expect(() => backtests.start(request)).not.toThrow();
  });

  it('never fails the run it is moving itself, however long a stretch goes without progress', async () => {
    let now = 1_000;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = inProcessRunner({ history, openLedger: memoryLedger });
    const slow: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        await gate;
        return inner.run(job, onProgress, signal);
      },
      stop: async () => {},
    };
    const { backtests } = service(slow, { now: () => now });
    const { id } = backtests.start(request);
    now += 60 * 60_000;
    expect(backtests.get(id).status).toBe('running');
    expect(backtests.list()[0]?.status).toBe('running');
    release();
    await backtests.idle();
    expect(backtests.get(id).status).toBe('complete');
  });

  it('leaves alone a run another server is still moving', () => {
    const { runs, backtests } = service();
    runs.insert({ id: 'elsewhere', createdAt: 1_000, settings: request, totalBars: 60, owner: 'api-2' });
    runs.progress('elsewhere', 30, 4_000);
    backtests.recover();
    expect(backtests.get('elsewhere')).toMatchObject({ status: 'running' });
  });

  it('refuses to run over the generated history once the feed is a real one', () => {
    const { backtests } = service(undefined, { historyIsTheFeeds: () => false });
    expect(() => backtests.start(request)).toThrow(
      'The generated history is the simulator’s past, and the market feed now is a real one',
    );
    expect(backtests.list()).toEqual([]);
  });

  it('still reads a run stored before trades, equity, months and the NIFTY 50 were recorded', () => {
    const { runs, backtests } = service();
    runs.insert({ id: 'old', createdAt: 1_000, settings: request, totalBars: 60, owner: 'api-1' });
    const oldResult = {
      starting_capital: 1_000_000,
      final_equity: 999_950,
      net_pnl: -50,
      charges: 50,
      turnover: 200_000,
      bars: 60,
      sessions: [{ date: '2026-01-27', orders: 0, end_equity: 999_950 }],
      orders: [],
      errors: [],
    };
    runs.finish('old', {
      status: 'complete',
      finishedAt: 2_000,
      result: oldResult,
      error: null,
      barsDone: 60,
    });
    const run = backtests.get('old');
    expect(backtestRunSchema.safeParse(run).error).toBeUndefined();
    expect(run.result).toEqual(oldResult);
  });

  it('takes the next run after a runner that failed at once', async () => {
    const failing: BacktestRunner = {
      run: () => {
        throw new Error('the worker could not start');
      },
      stop: async () => {},
    };
    const { backtests } = service(failing);
    const { id } = backtests.start(request);
    await backtests.idle();
    expect(backtests.get(id)).toMatchObject({ status: 'failed', error: 'the worker could not start' });
    expect(() => backtests.start(request)).not.toThrow();
  });
});
