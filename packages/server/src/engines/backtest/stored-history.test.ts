import type { BacktestResult as BacktestResultView } from '@td/contracts';
import type { HistoricalBar } from '../../core/ports/repositories/historical-candles';
import { SqlBacktestRunsRepository } from '../../storage/sql/backtest-runs-repository';
import { SqlHistoricalCandlesRepository } from '../../storage/sql/historical-candles-repository';
import { openDatabase } from '../../storage/sqlite/database';
import { BacktestService } from './backtest-service';
import { type BacktestHistory, selectBacktestSessions } from './backtest-sessions';
import { inProcessRunner } from './backtest-worker-host';
import { storedHistory } from './stored-history';
import { memoryLedger } from './test-support/memory-ledger';

const MINUTE = 60_000;
const open = (date: string) => Date.parse(`${date}T09:15:00+05:30`);

/** `minutes` one-minute bars from 09:15, a gentle rise, except the minutes listed in `missing`. */
function minuteBars(symbol: string, date: string, minutes: number, missing: number[] = []): HistoricalBar[] {
  return Array.from({ length: minutes }, (_, minute) => minute)
    .filter((minute) => !missing.includes(minute))
    .map((minute) => {
      const price = 1_000_00 + minute * 10;
      return {
        symbol,
        interval: '1minute' as const,
        startMs: open(date) + minute * MINUTE,
        ...{ open: price, high: price + 20, low: price - 20, close: price + 10 },
        volume: 5_000,
        source: 'csv' as const,
      };
    });
}

function store(bars: HistoricalBar[]) {
  const candles = new SqlHistoricalCandlesRepository(openDatabase(':memory:'));
  candles.save(bars);
  return candles;
}

/** The instruments list, as the generated history names it: the symbols "all symbols" looks for. */
const CATALOGUE = { symbols: ['INFY', 'SBIN', 'TCS', 'WIPRO'] };

const emptyGenerated: BacktestHistory = {
  sessionDates: [],
  symbols: CATALOGUE.symbols,
  minutesPerSession: 375,
  sessionBars: () => new Map(),
};

describe('the stored candles as a backtest history', () => {
  const candles = store([
    ...minuteBars('INFY', '2026-01-05', 30, [3, 4, 17]),
    ...minuteBars('TCS', '2026-01-05', 30),
    ...minuteBars('TCS', '2026-01-06', 20, [0]),
    ...minuteBars('INFY', '2026-01-07', 10),
    {
      ...minuteBars('SBIN', '2026-01-02', 1)[0]!,
      interval: 'day',
      startMs: Date.parse('2026-01-02T00:00:00+05:30'),
    },
  ]);

  it('has a session for each date with one-minute bars, each counted as the bars it really has', () => {
    const history = storedHistory(candles, { from: '2026-01-01', to: '2026-01-31', symbols: [] }, CATALOGUE);
    expect(history.sessionDates).toEqual(['2026-01-05', '2026-01-06', '2026-01-07']);
    const sessions = selectBacktestSessions(history, { from: '2026-01-01', to: '2026-01-31', symbols: [] });
    // INFY misses three minutes on the 5th, TCS the opening minute on the 6th.
    expect(sessions.map((s) => [s.date, s.barCount])).toEqual([
      ['2026-01-05', 27 + 30],
      ['2026-01-06', 19],
      ['2026-01-07', 10],
    ]);
    const bars = sessions[0]!.bars();
    expect([...bars.keys()]).toEqual(['INFY', 'TCS']);
    expect(bars.get('INFY')).toHaveLength(27);
    expect(bars.get('INFY')![0]).toMatchObject({
      interval: '1m',
      openTime: open('2026-01-05'),
      close: 1_000_10,
    });
  });

  it('narrows to the symbols asked for and the dates of the range', () => {
    const range = { from: '2026-01-06', to: '2026-01-07', symbols: ['INFY'] };
    const sessions = selectBacktestSessions(storedHistory(candles, range, CATALOGUE), range);
    expect(sessions.map((s) => [s.date, s.barCount])).toEqual([['2026-01-07', 10]]);
    expect([...sessions[0]!.bars().keys()]).toEqual(['INFY']);
  });

  it('refuses a range without one-minute bars, naming what is stored and why daily bars cannot serve', () => {
    expect(() =>
      storedHistory(candles, { from: '2026-01-02', to: '2026-01-02', symbols: [] }, CATALOGUE),
    ).toThrow(
      'No stored one-minute bars between 2026-01-02 and 2026-01-02: the stored one-minute bars cover INFY 2026-01-05 to 2026-01-07, TCS 2026-01-05 to 2026-01-06. Daily bars are stored (SBIN 2026-01-02 to 2026-01-02), but a daily bar cannot drive the minute-by-minute replay.',
    );
  });

  it('refuses a symbol whose one-minute bars all lie outside the range, naming where they lie', () => {
    expect(() =>
      storedHistory(candles, { from: '2026-01-07', to: '2026-01-09', symbols: ['INFY', 'TCS'] }, CATALOGUE),
    ).toThrow(
      'No stored one-minute bars between 2026-01-07 and 2026-01-09 for TCS: the stored one-minute bars cover TCS 2026-01-05 to 2026-01-06.',
    );
  });

  it('refuses a symbol without one-minute bars, naming those that have them', () => {
    expect(() =>
      storedHistory(
        candles,
        { from: '2026-01-01', to: '2026-01-31', symbols: ['TCS', 'SBIN', 'WIPRO'] },
        CATALOGUE,
      ),
    ).toThrow('No stored one-minute bars for SBIN, WIPRO: one-minute bars are stored for INFY, TCS.');
  });

  it('says how to get one-minute bars when none are stored', () => {
    expect(() =>
      storedHistory(store([]), { from: '2026-01-01', to: '2026-01-31', symbols: [] }, CATALOGUE),
    ).toThrow(
      'No one-minute candles are stored yet: import a one-minute CSV or fetch one-minute bars from Upstox in Settings → Data Sources.',
    );
  });
});

/** A backtest service over these stored candles, run in this thread. */
function storedBacktests(candles: SqlHistoricalCandlesRepository, market: Partial<BacktestHistory> = {}) {
  const history = { ...emptyGenerated, ...market };
  return new BacktestService({
    runs: new SqlBacktestRunsRepository(openDatabase(':memory:')),
    history,
    storedCandles: candles,
    runner: inProcessRunner({ history, openLedger: memoryLedger, storedCandles: () => candles }),
    historyIsTheFeeds: () => false,
    now: () => 5_000,
    logger: { info: jest.fn(), error: jest.fn() },
  });
}

const STORED_REQUEST = {
  data: 'stored' as const,
  from: '2026-01-05',
  to: '2026-01-06',
  symbols: [],
  capital: 1_000_000,
  allocation_strategy: 'moderate' as const,
  product: 'I' as const,
  brokerage_plan: 'flat' as const,
  signals: 'rules' as const,
  news: true,
};

describe('the limits of a backtest over stored candles', () => {
  it('refuses a range longer than a year with a sentence, before counting any bar', () => {
    const candles = store(minuteBars('INFY', '2026-01-05', 10));
    const counted = jest.spyOn(candles, 'minuteBarsPerDate');
    expect(() =>
      storedHistory(candles, { from: '2024-01-01', to: '2026-01-31', symbols: [] }, CATALOGUE),
    ).toThrow(
      'A backtest over stored candles covers at most a year (366 days, about 250 sessions): 2024-01-01 to 2026-01-31 is 762 days. Split it into runs of a year or less.',
    );
    expect(counted).not.toHaveBeenCalled();
  });

  it('says what is stored when refusing without reading the whole table’s summary', () => {
    const candles = store(minuteBars('INFY', '2026-01-05', 10));
    const summary = jest.spyOn(candles, 'coverage');
    expect(() =>
      storedHistory(candles, { from: '2026-02-01', to: '2026-02-02', symbols: ['INFY'] }, CATALOGUE),
    ).toThrow('the stored one-minute bars cover INFY 2026-01-05 to 2026-01-05');
    expect(summary).not.toHaveBeenCalled();
  });
});

describe('buy-and-hold NIFTY 50 over stored candles', () => {
  // The index: INFY 60 % of the weight, TCS 30 %, SBIN 10 %; its level the weighted sum of prices.
  const weights = new Map([
    ['INFY', 0.6],
    ['TCS', 0.3],
    ['SBIN', 0.1],
  ]);
  const nifty50Level = (prices: ReadonlyMap<string, number>) => {
    let level = 0;
    for (const [symbol, price] of prices) level += (weights.get(symbol) ?? 0) * price;
    return level > 0 ? level : null;
  };

  it('draws the line from the constituents with bars in every session, and says what it is made of', async () => {
    const backtests = storedBacktests(
      store([
        ...minuteBars('INFY', '2026-01-05', 30),
        ...minuteBars('INFY', '2026-01-06', 30),
        ...minuteBars('SBIN', '2026-01-05', 30),
      ]),
      { nifty50Level, nifty50Weights: weights },
    );
    const started = backtests.start(STORED_REQUEST);
    await backtests.idle();
    const result = backtests.get(started.id).result as BacktestResultView | null;
    // INFY alone, the whole run: from its first open (₹1,000.00) to its last close (₹1,003.00).
    expect(result?.buy_and_hold).toMatchObject({ start_level: 60_000, end_level: 60_180 });
    expect(result?.equity?.at(-1)?.nifty_50).toBe(1_003_000);
    expect(result?.benchmark_note).toBe(
      'The NIFTY 50 line is rebuilt from the 1 of its 3 constituents with stored bars in every session (60 % of its weight), at their index weights.',
    );
  });

  it('shows no line, and says why, when the constituents with bars carry under half the index', async () => {
    const backtests = storedBacktests(
      store([...minuteBars('TCS', '2026-01-05', 30), ...minuteBars('TCS', '2026-01-06', 30)]),
      { nifty50Level, nifty50Weights: weights },
    );
    const started = backtests.start(STORED_REQUEST);
    await backtests.idle();
    const result = backtests.get(started.id).result as BacktestResultView | null;
    expect(result?.buy_and_hold).toBeNull();
    expect(result?.equity?.every((point) => point.nifty_50 === null)).toBe(true);
    expect(result?.benchmark_note).toBe(
      "No NIFTY 50 line: it is rebuilt from its constituents' stored bars, and the 1 with bars in every session of this run carry 30 % of its weight, under the 50 % it needs. Store more constituents' one-minute bars, or run over all symbols.",
    );
  });
});

describe('a backtest over stored candles', () => {
  it('runs through missing minutes, whatever the feed, every stored bar replayed', async () => {
    const candles = store([
      // Each symbol misses minutes the other has: the replay keeps the last close for a missing one.
      ...minuteBars('INFY', '2026-01-05', 120, [5, 6, 7, 60]),
      ...minuteBars('TCS', '2026-01-05', 120, [0, 1, 2, 90, 91]),
      ...minuteBars('INFY', '2026-01-06', 60, [30]),
    ]);
    const backtests = new BacktestService({
      runs: new SqlBacktestRunsRepository(openDatabase(':memory:')),
      history: emptyGenerated,
      storedCandles: candles,
      runner: inProcessRunner({
        history: emptyGenerated,
        openLedger: memoryLedger,
        storedCandles: () => candles,
      }),
      // A real feed: the generated history would be refused, the stored candles are not.
      historyIsTheFeeds: () => false,
      now: () => 5_000,
      logger: { info: jest.fn(), error: jest.fn() },
    });
    const request = {
      data: 'stored' as const,
      from: '2026-01-05',
      to: '2026-01-06',
      symbols: [],
      capital: 1_000_000,
      allocation_strategy: 'moderate' as const,
      product: 'I' as const,
      brokerage_plan: 'flat' as const,
      signals: 'rules' as const,
      news: true,
    };
    const started = backtests.start(request);
    const total = 116 + 115 + 59;
    expect(started.progress.total_bars).toBe(total);
    await backtests.idle();
    expect(backtests.get(started.id)).toMatchObject({
      status: 'complete',
      error: null,
      settings: { data: 'stored' },
      progress: { bars_done: total },
      result: {
        bars: total,
        errors: [],
        sessions: [{ date: '2026-01-05' }, { date: '2026-01-06' }],
      },
    });
    expect(() => backtests.start({ ...request, data: 'generated' })).toThrow(
      'the market feed now is a real one',
    );
  });
});
