import {
  performanceAnalyticsSchema,
  positionRiskListSchema,
  riskLevelOf,
  riskMetricsSchema,
} from '@td/contracts';
import { istDateOf } from '../../engines/market/calendar';
import { IndexCalculator, referenceIndexBase } from '../../engines/market/instruments';
import { type DailyHistory, portfolioFigures, positionFigures } from '../../engines/risk';
import { phaseForCapital } from '../../engines/strategy';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  // 30 generated sessions of daily closes: 29 returns for every figure.
  testApp = await buildTestApp({
    config: { market: { seed: 7, ticksPerSecond: 0, historySessions: 30, continuousSession: false } },
  });
  ({ headers } = await signInForTest(testApp));
});
afterAll(() => testApp.close());

const get = (url: string, auth = headers) => testApp.app.inject({ method: 'GET', url, headers: auth });
const buy = async (symbol: string, quantity: number) => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { symbol, side: 'BUY', quantity },
  });
  expect(response.statusCode).toBe(201);
};

/** The market engine's generated closes and NIFTY 50 levels, read straight from its history. */
function marketHistory(): DailyHistory {
  const { market } = testApp.services;
  const today = istDateOf(market.clock.now());
  const byDate = new Map<string, Map<string, number>>();
  const bars = new Map<string, Map<string, { close: number; volume: number }>>();
  for (const { symbol } of market.instruments) {
    const own = new Map<string, { close: number; volume: number }>();
    for (const bar of market.history.dailyBars(symbol)) {
      const date = istDateOf(bar.openTime);
      own.set(date, { close: bar.close, volume: bar.volume });
      if (!byDate.has(date)) byDate.set(date, new Map());
      byDate.get(date)!.set(symbol, bar.close);
    }
    bars.set(symbol, own);
  }
  const dates = [...byDate.keys()].filter((date) => date < today).sort();
  const index = new IndexCalculator(market.instruments, referenceIndexBase(market.instruments));
  return { dates, index: dates.map((date) => index.level('NIFTY_50', byDate.get(date)!)), bars };
}

describe('GET /api/risk/metrics and /api/risk/positions', () => {
  it('asks for a session', async () => {
    expect((await get('/api/risk/metrics', { authorization: '' })).statusCode).toBe(401);
    expect((await get('/api/risk/positions', { authorization: '' })).statusCode).toBe(401);
  });

  it('says there is nothing at risk before the first position, with no invented figures', async () => {
    const response = await get('/api/risk/metrics');
    expect(response.statusCode).toBe(200);
    const data = riskMetricsSchema.parse(response.json().data);
    expect(data).toMatchObject({
      positions_count: 0,
      positions_value: 0,
      portfolio_value: 1_000_000,
      beta: null,
      volatility: null,
      ml_risk_score: null,
      risk_level: null,
      var_95: { historical_rupees: null, parametric_rupees: null, sessions: 0 },
      stress_test: { scenario_1: null, scenario_2: null, scenario_3: null },
      account: 'paper',
      source: 'simulated',
      note: 'No open positions: there is nothing at risk to measure.',
    });
    expect((await get('/api/risk/positions')).json().data.positions).toEqual([]);
  });

  it('measures the paper positions with the same formulas, over the market engine’s daily closes', async () => {
    await buy('TCS', 5);
    await buy('INFY', 10);
    await buy('HDFCBANK', 10);
    const metrics = riskMetricsSchema.parse((await get('/api/risk/metrics')).json().data);
    const { trading, market } = testApp.services;
    const equityPaise = trading.summary('paper').equityPaise;
    const held = trading.positions('paper');
    const phase = phaseForCapital(equityPaise / 100);
    const history = marketHistory();
    const positions = positionFigures({
      positions: held,
      price: (symbol) => market.lastPrice(symbol),
      history,
      equityPaise,
      phase: { name: phase.name, maxPositionPercent: phase.maxPositionPercent },
    });
    const expected = portfolioFigures(positions, history);

    expect(metrics.positions_count).toBe(3);
    expect(metrics.var_95.sessions).toBe(29);
    expect(metrics.positions_value).toBeCloseTo(expected.valuePaise / 100, 2);
    expect(metrics.var_95.historical_rupees).toBeCloseTo(expected.historicalVarPaise! / 100, 2);
    expect(metrics.var_95.parametric_rupees).toBeCloseTo(expected.parametricVarPaise! / 100, 2);
    expect(metrics.var_95.historical_pct).toBeCloseTo(expected.historicalVar! * 100, 2);
    expect(metrics.beta).toBeCloseTo(expected.beta!, 4);
    expect(metrics.volatility).toBeCloseTo(expected.volatility! * 100, 2);
    expect(metrics.stress_test.scenario_1).toBeCloseTo(expected.stress[0]! / 100, 2);
    expect(metrics.stress_test.scenario_3).toBeCloseTo(expected.stress[2]! / 100, 2);
    // The 30 % fall costs three times the 10 % one: the losses are linear in the drop.
    expect(metrics.stress_test.scenario_3!).toBeCloseTo(3 * metrics.stress_test.scenario_1!, 1);
    expect(metrics.diversification_score).toBeGreaterThanOrEqual(0);
    expect(metrics.diversification_score).toBeLessThanOrEqual(1);
    expect(metrics.risk_level).toBe(riskLevelOf(metrics.ml_risk_score!));
    expect(metrics.ml_risk_basis).toMatch(/^Scored from measured inputs: volatility/);
    expect(metrics.note).toBeNull();
  });

  it('takes drawdown and return from the account as Performance shows them for the month, Sharpe for the quarter', async () => {
    const metrics = riskMetricsSchema.parse((await get('/api/risk/metrics')).json().data);
    const month = performanceAnalyticsSchema.parse(
      (await get('/api/performance/analytics?period=month')).json().data,
    );
    const quarter = performanceAnalyticsSchema.parse(
      (await get('/api/performance/analytics?period=quarter')).json().data,
    );
    expect(metrics.max_drawdown).toBe(month.max_drawdown);
    expect(metrics.max_drawdown_rupees).toBe(month.max_drawdown_amount);
    expect(metrics.portfolio_return).toBe(month.total_return_percent);
    expect(metrics.account_window).toEqual({ from: month.from, to: month.to });
    expect(metrics.sharpe_ratio).toBe(quarter.sharpe_ratio);
    expect(metrics.sharpe_window).toEqual({ period: 'quarter', from: quarter.from, to: quarter.to });
    // The account opened today: one daily return, so the sentence instead of a figure.
    expect(metrics.sharpe_ratio).toBeNull();
    expect(metrics.sharpe_note).toBe(quarter.ratios_note);
    expect(metrics.sharpe_note).toMatch(/^Needs 30 trading days; this period has \d+$/);
  });

  it('gives the risk limits’ recommendations the same ML risk score and level as the metrics', async () => {
    const limits = (await get('/api/risk/limits')).json().data.ml_recommendations;
    const metrics = riskMetricsSchema.parse((await get('/api/risk/metrics')).json().data);
    expect(metrics.ml_risk_score).toEqual(expect.any(Number));
    expect(limits.current_risk_score).toBe(Math.round(metrics.ml_risk_score! * 100) / 100);
    expect(limits.risk_level).toBe(metrics.risk_level);
    expect(limits.basis).toMatch(/Score from risk engine: Scored from measured inputs/);
  });

  it('lists each position’s risk with a stop under and a target over its price, and the rule behind its advice', async () => {
    const response = await get('/api/risk/positions');
    expect(response.statusCode).toBe(200);
    const data = positionRiskListSchema.parse(response.json().data);
    expect(data.positions.map((p) => p.symbol).sort()).toEqual(['HDFCBANK', 'INFY', 'TCS']);
    const holdings = (await get('/api/portfolio/holdings')).json().data as {
      symbol: string;
      market_value: number;
    }[];
    let weights = 0;
    for (const position of data.positions) {
      const holding = holdings.find((h) => h.symbol === position.symbol)!;
      expect(position.position_value).toBeCloseTo(holding.market_value, 2);
      expect(position.stop_loss_suggestion!).toBeLessThan(position.current_price);
      expect(position.target_price!).toBeGreaterThan(position.current_price);
      expect(position.liquidity_score!).toBeGreaterThan(0);
      expect(position.liquidity_score!).toBeLessThanOrEqual(1);
      expect(position.risk_level).toBe(riskLevelOf(position.ml_risk_score!));
      expect(position.recommendation_rule.toLowerCase().startsWith(position.recommendation)).toBe(true);
      weights += position.concentration_risk;
    }
    expect(weights).toBeCloseTo(100, 1);
  });

  it('reads the closes of a stock outside NIFTY 50 when it is first held', async () => {
    await buy('PNB', 20); // a Bank NIFTY member only: its bars are not among the index's
    const data = positionRiskListSchema.parse((await get('/api/risk/positions')).json().data);
    const pnb = data.positions.find((p) => p.symbol === 'PNB')!;
    expect(pnb.beta).not.toBeNull();
    expect(pnb.price_volatility).toBeGreaterThan(0);
    expect(pnb.avg_daily_traded_value).toBeGreaterThan(0);
    const metrics = riskMetricsSchema.parse((await get('/api/risk/metrics')).json().data);
    expect(metrics.positions_count).toBe(4);
    expect(metrics.var_95.sessions).toBe(29);
  });

  it('reduces a position above the trader’s saved single-stock limit, as the Limits tab reads it', async () => {
    const post = (payload: object) =>
      testApp.app.inject({ method: 'POST', url: '/api/risk/limits', headers, payload });
    const saved = (await get('/api/risk/limits')).json().data;
    const tight = { ...saved.position_limits, max_position_size: 1, max_single_stock: 1.2 };
    expect((await post({ position_limits: tight, loss_limits: saved.loss_limits })).statusCode).toBe(200);
    try {
      const limits = (await get('/api/risk/limits')).json().data;
      const positions = positionRiskListSchema.parse(
        (await get('/api/risk/positions')).json().data,
      ).positions;
      const equity = riskMetricsSchema.parse((await get('/api/risk/metrics')).json().data).portfolio_value;
      const share = (p: { position_value: number }) => (p.position_value / equity) * 100;
      const above = positions.filter((p) => share(p) > 1.2 && p.recommendation !== 'exit');
      const within = positions.filter((p) => share(p) <= 1.2);
      expect(above.length).toBeGreaterThan(0);
      expect(within.length).toBeGreaterThan(0);
      for (const position of above) {
        expect(position.recommendation).toBe('reduce');
        expect(position.recommendation_rule).toMatch(/above your single-stock limit of 1\.2 %\.$/);
      }
      // Within the limit the limit flags nothing (a high risk score may still say reduce, for its own reason).
      for (const position of within)
        expect(position.recommendation_rule).not.toMatch(/above your single-stock limit/);
      // The Limits tab reads the same largest share against the same limit.
      const largest = Math.max(...positions.map(share));
      expect(limits.usage.largest_stock.percent).toBeCloseTo(largest, 1);
    } finally {
      await post({ position_limits: saved.position_limits, loss_limits: saved.loss_limits });
    }
  });

  it('answers 503 with a sentence while the market data engine has no prices', async () => {
    const { simulator } = testApp.services.market;
    const spy = jest.spyOn(simulator, 'health').mockReturnValue({
      ...simulator.health(),
      status: 'disconnected',
      connected: false,
      message: 'The feed is down.',
    });
    try {
      for (const url of ['/api/risk/metrics', '/api/risk/positions']) {
        const response = await get(url);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          success: false,
          error:
            'Risk figures need market prices; the market data engine has none yet. Try again in a minute.',
          code: 'market_prices_unavailable',
          detail: 'The feed is down.',
        });
      }
      // The limits show no score of another formula while the risk engine has none: the screen's
      // last good metrics would otherwise sit beside a different, fresher-looking score.
      const limits = await get('/api/risk/limits');
      expect(limits.statusCode).toBe(200);
      expect(limits.json().data.ml_recommendations).toMatchObject({
        current_risk_score: null,
        risk_level: null,
        recommended_cash_allocation: null,
        suggested_position_sizing: null,
        basis: expect.stringMatching(/No risk score: risk figures need market prices/),
      });
    } finally {
      spy.mockRestore();
    }
  });
});
