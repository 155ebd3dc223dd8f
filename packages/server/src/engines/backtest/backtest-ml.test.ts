import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { openDatabase } from '../../storage/sqlite/database';
import { MarketClock } from '../market/calendar';
import { allInstruments } from '../market/instruments';
import { createSimulatedMarket } from '../market/simulated-market';
import type { BacktestJob } from './backtest-protocol';
import { type BacktestHistory, type BacktestRange, selectBacktestSessions } from './backtest-sessions';
import type { BacktestSettings } from './backtest-settings';
import { resultView } from './backtest-view';
import { runJob } from './backtest-worker-host';
import { generatedHistory } from './generated-history';
import { type BacktestOutcome, type BacktestResult, runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';

const NOW = Date.UTC(2026, 0, 12, 6, 0); // Mon 12 Jan 2026, 11:30 IST
/** Eight stocks, three of them banks: each session has a few headlines naming them or their sectors. */
const instruments = allInstruments().slice(0, 8);
const clock = new MarketClock({ now: () => NOW });
const market = createSimulatedMarket({
  instruments,
  clock,
  seed: 7,
  ticksPerSecond: 0,
  historySessions: 4,
  now: () => NOW,
});
const generated = generatedHistory({ history: market.history, instruments });
/** The first three hours of each session: enough for predictions and their outcomes, and quick. */
const MINUTES = 180;
const history: BacktestHistory = {
  ...generated,
  minutesPerSession: MINUTES,
  sessionBars: (date) =>
    new Map([...generated.sessionBars(date)].map(([symbol, bars]) => [symbol, bars.slice(0, MINUTES)])),
};
const dates = history.sessionDates;
/** The last session replayed, the three before it to train on. */
const LAST: BacktestRange = { from: dates.at(-1)!, to: dates.at(-1)!, symbols: [] };

const settings = (extra: BacktestSettings = {}): BacktestSettings => ({
  capitalPaise: 10_00_000_00,
  allocation: 'moderate',
  product: 'I',
  brokeragePlan: 'flat',
  ...extra,
});

function run(
  job: BacktestJob,
  deps: { history?: BacktestHistory; signal?: AbortSignal; openLedger?: typeof memoryLedger } = {},
): Promise<BacktestOutcome> {
  return runJob(
    { history: deps.history ?? history, openLedger: deps.openLedger ?? memoryLedger },
    job,
    () => {},
    deps.signal ?? new AbortController().signal,
  );
}

async function complete(job: BacktestJob, deps: Parameters<typeof run>[1] = {}) {
  const outcome = await run(job, deps);
  if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
  return outcome.result;
}

const ordersOf = (result: { orders: { symbol: string; side: string; quantity: number; at: number }[] }) =>
  result.orders.map(({ symbol, side, quantity, at }) => ({ symbol, side, quantity, at }));

let rules: BacktestResult;
beforeAll(async () => {
  rules = await complete({ range: LAST, settings: settings({ signals: 'rules', news: true }) });
});

describe('a backtest ranked by the rules alone', () => {
  it('has no ML report and places the orders the rules placed before ML could be chosen', async () => {
    const before = await runBacktest({
      sessions: selectBacktestSessions(history, LAST),
      settings: settings(),
      openLedger: memoryLedger,
    });
    if (before.status !== 'complete') throw new Error('the backtest did not complete');
    expect(rules.ml).toBeUndefined();
    expect(resultView(rules).ml).toBeNull();
    expect(rules.orders.length).toBeGreaterThan(0);
    expect(ordersOf(rules)).toEqual(ordersOf(before.result));
    // Unset is the rules alone too (a run stored before the choice).
    expect(ordersOf(await complete({ range: LAST, settings: settings() }))).toEqual(ordersOf(rules));
  });
});

describe('a backtest with the ML ensemble at its measured say', () => {
  it('has no say without a session before the range, says why, and trades as the rules alone', async () => {
    const first: BacktestRange = { from: dates[0]!, to: dates[0]!, symbols: [] };
    const ml = await complete({ range: first, settings: settings({ signals: 'ml' }) });
    const alone = await complete({ range: first, settings: settings({ signals: 'rules' }) });
    expect(ml.ml).toMatchObject({ signals: 'ml', say: 0, trainedSessions: 0, before: null });
    expect(ml.ml!.sayReason).toBe(
      'No sessions before the range to train and measure the ensemble on, so no say (as live without a measured edge): start the range later, store earlier candles, or choose full say.',
    );
    // With no say it is not asked: no prediction, and the rules' orders.
    expect(ml.ml!.tally.predictions).toBe(0);
    expect(ordersOf(ml)).toEqual(ordersOf(alone));
  });

  it('measures its edge on the sessions before the range: none shown in two scored sessions, so no say', async () => {
    const ml = await complete({ range: LAST, settings: settings({ signals: 'ml' }) });
    const report = ml.ml!;
    expect(report).toMatchObject({ signals: 'ml', news: true, trainedSessions: 3, say: 0 });
    expect(report.before!.predictions).toBeGreaterThan(0);
    expect(report.before!.edgeInterval![0]).toBeLessThanOrEqual(0);
    expect(report.sayReason).toMatch(
      /^Before the range its edge over always-up and a coin was -?\d+\.\d points \(95 % interval .+\): no edge shown, so no say, as live\.$/,
    );
    expect(ordersOf(ml)).toEqual(ordersOf(rules));
  });
});

describe('a backtest with the ML ensemble at full say', () => {
  const ledger = { opened: 0, closed: 0, rows: 0 };
  let withNews: BacktestResult;
  let withoutNews: BacktestResult;
  beforeAll(async () => {
    const db = openDatabase(':memory:');
    withNews = await complete(
      { range: LAST, settings: settings({ signals: 'ml_full', news: true }) },
      {
        openLedger: () => {
          ledger.opened += 1;
          return { storage: sqlLedgerStorage(db), close: () => (ledger.closed += 1) };
        },
      },
    );
    ledger.rows = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    db.close();
    withoutNews = await complete({ range: LAST, settings: settings({ signals: 'ml_full', news: false }) });
  });

  it('reports its out-of-sample predictions in the range and each model’s calls, the news model’s too', () => {
    const ml = resultView(withNews).ml!;
    expect(ml).toMatchObject({ signals: 'ml_full', news: true, say: 1, trained_sessions: 3 });
    expect(ml.say_reason).toBe(
      'Full say, as chosen for this run: the edge measured before the range was not consulted.',
    );
    expect(ml.predictions).toBeGreaterThan(0);
    expect(ml.accuracy).not.toBeNull();
    expect(ml.headlines).toBeGreaterThan(0);
    expect(ml.models.map((model) => model.name)).toEqual([
      'logistic_regression',
      'momentum',
      'mean_reversion',
      'naive_bayes',
      'pattern_knn',
      'news_sentiment',
    ]);
    for (const model of ml.models) expect(model.views).toBeLessThanOrEqual(ml.predictions);
    const news = ml.models.find((model) => model.name === 'news_sentiment')!;
    expect(news.views).toBeGreaterThan(0);
    expect(news.coverage).toBeGreaterThan(0);
    expect(news.coverage).toBeLessThan(1);
  });

  it('without the news reads no headline, and the news model has no view', () => {
    const ml = resultView(withoutNews).ml!;
    expect(ml).toMatchObject({ signals: 'ml_full', news: false, say: 1, headlines: 0 });
    expect(ml.predictions).toBeGreaterThan(0);
    expect(ml.models.find((model) => model.name === 'news_sentiment')).toMatchObject({
      views: 0,
      coverage: 0,
      accuracy: null,
    });
  });

  it('writes its orders to the one ledger it opened, and closes it', () => {
    expect([ledger.opened, ledger.closed]).toEqual([1, 1]);
    expect(withNews.orders.length).toBeGreaterThan(0);
    expect(ledger.rows).toBe(withNews.orders.length);
  });

  it('reads no bar and no news of a session after the range', async () => {
    const range: BacktestRange = { from: dates[1]!, to: dates[1]!, symbols: [] };
    const read: string[] = [];
    const watched: BacktestHistory = {
      ...history,
      sessionBars: (date) => {
        read.push(date);
        return history.sessionBars(date);
      },
      sessionNews: (date) => {
        read.push(date);
        return history.sessionNews!(date);
      },
    };
    await complete({ range, settings: settings({ signals: 'ml_full' }) }, { history: watched });
    expect(new Set(read)).toEqual(new Set([dates[0], dates[1]]));
  });

  it('is not moved by a headline of the range published after its last minute', async () => {
    const evening = Date.parse(`${LAST.from}T23:00:00+05:30`);
    const newsOfRange = (late: boolean): BacktestHistory => ({
      ...history,
      sessionNews: (date) =>
        date !== LAST.from
          ? history.sessionNews!(date)
          : late
            ? history.sessionNews!(date).map((item) => ({ ...item, at: evening }))
            : [],
    });
    const job = { range: LAST, settings: settings({ signals: 'ml_full' as const }) };
    const none = await complete(job, { history: newsOfRange(false) });
    const late = await complete(job, { history: newsOfRange(true) });
    expect(late.ml!.headlines).toBeGreaterThan(0);
    expect(late.ml!.tally).toEqual(none.ml!.tally);
    expect(ordersOf(late)).toEqual(ordersOf(none));
  });

  it('ends cancelled with no bar replayed when cancelled while the ensemble trains, opening no ledger', async () => {
    const controller = new AbortController();
    const openLedger = jest.fn(memoryLedger);
    const cancelling: BacktestHistory = {
      ...history,
      sessionBars: (date) => {
        // The training reads the sessions before the range: cancelled in the middle of it.
        if (date === dates[1]) controller.abort();
        return history.sessionBars(date);
      },
    };
    const outcome = await run(
      { range: LAST, settings: settings({ signals: 'ml_full' }) },
      { history: cancelling, signal: controller.signal, openLedger },
    );
    const totalBars = selectBacktestSessions(history, LAST).reduce((sum, s) => sum + s.barCount, 0);
    expect(outcome).toEqual({ status: 'cancelled', barsDone: 0, totalBars });
    expect(openLedger).not.toHaveBeenCalled();
  });
});
