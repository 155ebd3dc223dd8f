import {
  PERFORMANCE_PERIODS,
  type PerformanceAnalytics,
  type PerformanceReturns,
  performanceAnalyticsSchema,
  performanceReturnsSchema,
} from '@td/contracts';
import { replayHistoryIntoEmptyLedger } from '../../engines/strategy/replay/history-replay';
import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

// spec part 2 §2.3 and §8: GET /api/performance/analytics and GET /api/performance/returns.

let testApp: TestApp;
let headers: { authorization: string };

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers });
const analytics = async (query = '') => {
  const response = await get(`/api/performance/analytics${query}`);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return performanceAnalyticsSchema.parse(body.data) as PerformanceAnalytics;
};
const returns = async (query = '') => {
  const response = await get(`/api/performance/returns${query}`);
  expect(response.statusCode).toBe(200);
  return performanceReturnsSchema.parse(response.json().data) as PerformanceReturns;
};
const order = async (payload: object) => {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/orders', headers, payload });
  expect(response.statusCode).toBeLessThan(300);
};
const roundTrip = async (symbol: string, strategy: string) => {
  await order({ symbol, side: 'BUY', quantity: 2, strategy });
  await order({ symbol, side: 'SELL', quantity: 2, strategy });
};

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

describe('with an empty ledger', () => {
  it('answers every period honestly: no trades, zeros for money, nulls for ratios', async () => {
    for (const period of PERFORMANCE_PERIODS) {
      const figures = await analytics(`?period=${period}`);
      expect(figures).toMatchObject({
        period,
        total_return: 0,
        total_return_percent: 0,
        total_trades: 0,
        winning_trades: 0,
        win_rate: null,
        avg_win: null,
        profit_factor: null,
        sharpe_ratio: null,
        sortino_ratio: null,
        calmar_ratio: null,
        max_drawdown: 0,
        best_day: null,
        worst_day: null,
        risk_free_rate: 6.5,
      });
      // Under 30 sessions the annualised ratios are withheld with a sentence the cards show.
      expect(figures.ratios_note).toMatch(/^Needs 30 trading days; this period has \d+$/);
      // mock mode trades the paper account on the simulator's prices
      expect(figures.source).toMatchObject({ account: 'paper', trading_mode: 'mock', simulated: true });
      const series = await returns(`?period=${period}`);
      expect(series.stocks).toEqual([]);
      expect(series.strategies).toEqual([]);
      expect(series.filters).toEqual({ strategies: [], symbols: [] });
      expect(series.equity.every((point) => point.pnl === 0 && point.trades === 0)).toBe(true);
    }
  });

  it('defaults to all time', async () => {
    expect((await analytics()).period).toBe('all');
    expect((await returns()).period).toBe('all');
  });
});

describe('with closed trades', () => {
  beforeEach(async () => {
    await roundTrip('TCS', 'momentum');
    await roundTrip('INFY', 'breakout');
  });

  it('counts each round trip in every period (they all closed today)', async () => {
    for (const period of PERFORMANCE_PERIODS) {
      const figures = await analytics(`?period=${period}`);
      expect(figures.total_trades).toBe(2);
      expect(figures.winning_trades + figures.losing_trades).toBeLessThanOrEqual(2);
      const series = await returns(`?period=${period}`);
      // the cards and the series agree: the period's return is the sum of its days' P&L
      const summed = series.equity.reduce((sum, point) => sum + point.pnl, 0);
      expect(summed).toBeCloseTo(figures.total_return, 1);
      expect(series.stocks.map((row) => row.name).sort()).toEqual(['INFY', 'TCS']);
    }
  });

  it('filters every figure by strategy', async () => {
    const momentum = await analytics('?strategy=momentum');
    expect(momentum.total_trades).toBe(1);
    const series = await returns('?strategy=momentum');
    expect(series.strategies.map((row) => row.name)).toEqual(['momentum']);
    expect(series.stocks.map((row) => row.name)).toEqual(['TCS']);
    // Filter still offers every choice
    expect(series.filters).toEqual({ strategies: ['breakout', 'momentum'], symbols: ['INFY', 'TCS'] });
    expect((await analytics('?strategy=nobody')).total_trades).toBe(0);
  });

  it('filters every figure by symbol', async () => {
    const infy = await analytics('?symbol=INFY');
    expect(infy.total_trades).toBe(1);
    expect((await returns('?symbol=INFY')).strategies.map((row) => row.name)).toEqual(['breakout']);
    expect((await analytics('?symbol=INFY&strategy=momentum')).total_trades).toBe(0);
  });

  it('nets a deposit made after the last answer out of the return', async () => {
    const before = await analytics();
    const equityBefore = (await returns()).equity.at(-1)!.equity;
    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, headers, payload });
    const overview = await get('/api/portfolio/overview');
    const cash = overview.json().data.available_balance as number;
    expect((await post('/api/trading/paper/balance', { balance: cash + 50_000 })).statusCode).toBe(200);
    const after = await analytics();
    expect(after.total_return).toBeCloseTo(before.total_return, 2); // ₹50,000 put in is not a profit
    // …but it is in the equity (no ticks in tests, so prices stand still)
    expect((await returns()).equity.at(-1)!.equity).toBeCloseTo(equityBefore + 50_000, 2);
  });

  it('starts again after the paper account is reset', async () => {
    expect((await analytics()).total_trades).toBe(2);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/trading/paper-reset',
      headers,
      payload: {},
    });
    expect(reset.statusCode).toBe(200);
    expect((await analytics()).total_trades).toBe(0);
    expect((await returns()).filters).toEqual({ strategies: [], symbols: [] });
  });

  it('sees a trade placed after the last answer', async () => {
    expect((await analytics()).total_trades).toBe(2);
    await roundTrip('TCS', 'momentum');
    expect((await analytics()).total_trades).toBe(3);
  });
});

describe('after the replayed history', () => {
  it('counts the replayed trades, stamped before the account opened, and agrees with the portfolio', async () => {
    const { db, ledger, market, logger } = testApp.services;
    const replay = await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
    expect(replay?.orders).toBeGreaterThan(0);
    const figures = await analytics();
    expect(figures.total_trades).toBeGreaterThan(0);
    expect(figures.from! < figures.to).toBe(true); // the series starts on the first replayed session
    const overview = (await get('/api/portfolio/overview')).json().data;
    expect(figures.total_return).toBeCloseTo(overview.total_returns, 2);
    expect(figures.source.simulated).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses a period outside the six with a sentence', async () => {
    for (const path of ['/api/performance/analytics', '/api/performance/returns']) {
      const response = await get(`${path}?period=decade`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        'Invalid period: period must be one of day, week, month, quarter, year, all',
      );
    }
  });

  it('refuses an over-long strategy and a malformed symbol', async () => {
    const long = await get(`/api/performance/analytics?strategy=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('strategy is at most 64 characters');
    const symbol = await get('/api/performance/returns?symbol=%3Cscript%3E');
    expect(symbol.statusCode).toBe(400);
    expect(symbol.json().error).toMatch(/^Invalid symbol/);
  });
});
