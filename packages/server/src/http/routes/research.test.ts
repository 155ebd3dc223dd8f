import { researchAnalysisSchema } from '@td/contracts';
import { constituents } from '../../engines/market/instruments';
import { buildTestApp, createTestClock, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  testApp = await buildTestApp({
    // 30 sessions of history: enough daily closes for the trend (25) and the volatility (10 returns).
    config: { market: { seed: 7, ticksPerSecond: 500, historySessions: 30, continuousSession: true } },
  });
  ({ headers } = await signInForTest(testApp));
  const { market } = testApp.services;
  await market.minuteBarsSeeded();
  // Two seconds of trading at 500 ticks/s, so last prices move off the previous closes.
  market.simulator.onTick((tick) => market.pipeline.process(tick));
  market.simulator.emit(2, market.clock.now());
});
afterAll(() => testApp.close());

const get = () => testApp.app.inject({ method: 'GET', url: '/api/research/analysis', headers });

describe('GET /api/research/analysis', () => {
  it('reads NIFTY 50 breadth, trend and volatility from the market engine, and names the source', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const data = researchAnalysisSchema.parse(response.json().data);
    expect(data.advancers + data.decliners).toBeGreaterThan(0);
    expect(data.advancers + data.decliners).toBeLessThanOrEqual(constituents('NIFTY_50').length);
    expect(data.sentiment_basis).toContain(`${data.advancers} advancing, ${data.decliners} declining`);
    expect(data.trend_basis).toMatch(/20-session mean/);
    expect(data.volatility_level).not.toBe('Unknown');
    expect(data.volatility_percent).toBeGreaterThan(0);
    expect(data).toMatchObject({ source: 'simulator', simulated: true, strategy: 'ensemble' });
  });

  it('lists the trading loop’s own ranking: the same symbols, order, signals and confidences', async () => {
    const { data } = (await get()).json();
    const ranking = testApp.services.tradingLoop.rank(testApp.services.market.clock.now());
    expect(data.recommendations.map((r: { symbol: string }) => r.symbol)).toEqual(
      ranking.map((s) => s.symbol),
    );
    for (const [i, row] of data.recommendations.entries()) {
      expect(row.signal).toBe(ranking[i]!.direction);
      expect(row.confidence).toBeCloseTo(ranking[i]!.confidence, 3);
      expect(row.confidence).toBeGreaterThanOrEqual(0);
      expect(row.confidence).toBeLessThanOrEqual(1);
      expect(row.reasons[0]).toBe(ranking[i]!.reasons[0]);
      expect(row.price).toBeGreaterThan(0);
    }
    // NIFTY 50 members are flagged so the screen can show them first; the Bank NIFTY-only names are not.
    const flagged = data.recommendations.filter((r: { in_nifty_50: boolean }) => r.in_nifty_50);
    expect(flagged).toHaveLength(50);
    expect(data.recommendations.length).toBeGreaterThan(50);
  });

  it('gives every BUY a target above and a stop below the price, the stop distance as its risk', async () => {
    const { data } = (await get()).json();
    for (const row of data.recommendations) {
      if (row.signal !== 'BUY') {
        expect(row.target).toBeNull();
        continue;
      }
      expect(row.target).toBeGreaterThan(row.price);
      expect(row.stop).toBeLessThan(row.price);
      expect(row.risk).toBeCloseTo(row.price - row.stop, 2);
      expect(['Low', 'Moderate', 'High']).toContain(row.risk_band);
    }
  });

  it('answers 503 Data source not connected when the active feed has no prices', async () => {
    const { simulator } = testApp.services.market;
    const spy = jest.spyOn(simulator, 'health').mockReturnValue({
      ...simulator.health(),
      status: 'disconnected',
      connected: false,
      message: 'The feed is down.',
    });
    try {
      const response = await get();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'Data source not connected - Check Upstox connection',
        detail: 'The feed is down.',
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/research/analysis, read often', () => {
  it('reuses the loop’s ranking for 5 s, then ranks afresh', async () => {
    const clock = createTestClock();
    const app = await buildTestApp({
      now: clock.now,
      config: { market: { seed: 7, ticksPerSecond: 0, historySessions: 2, continuousSession: true } },
    });
    try {
      const session = await signInForTest(app);
      const rank = jest.spyOn(app.services.tradingLoop, 'rank');
      const read = () =>
        app.app.inject({ method: 'GET', url: '/api/research/analysis', headers: session.headers });
      expect((await read()).statusCode).toBe(200);
      clock.advance(4_999);
      expect((await read()).statusCode).toBe(200);
      expect(rank).toHaveBeenCalledTimes(1);
      clock.advance(1);
      expect((await read()).statusCode).toBe(200);
      expect(rank).toHaveBeenCalledTimes(2);
    } finally {
      await app.close();
    }
  });
});
