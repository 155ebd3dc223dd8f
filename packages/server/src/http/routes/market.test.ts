import { engineStatusSchema } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  testApp = await buildTestApp({
    config: { market: { seed: 7, ticksPerSecond: 500, historySessions: 5, continuousSession: true } },
  });
  ({ headers } = await signInForTest(testApp));
  // Drive the simulator by hand (no timers in tests): two seconds of trading at 500 ticks/s.
  testApp.services.market.simulator.onTick((tick) => testApp.services.market.pipeline.process(tick));
  testApp.services.market.simulator.emit(2, testApp.services.market.clock.now());
});
afterAll(() => testApp.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers });

describe('market routes', () => {
  it('reports the market as open in the simulator’s continuous demo session, and says so', async () => {
    const response = await get('/api/engines/status');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.market_status).toMatchObject({
      is_open: true,
      session: 'normal',
      simulated: true,
      source: 'simulator',
      description: 'continuous demo session (simulated)',
    });
  });

  it("reports the loop's folded decisions with their first and last time, as the dashboard's contract reads them", async () => {
    const now = testApp.services.market.clock.now();
    for (let minute = 0; minute < 3; minute++) testApp.services.tradingLoop.runOnce(now + minute * 60_000);
    const data = engineStatusSchema.parse((await get('/api/engines/status')).json().data);
    const folded = data.trading_loop.recent_decisions.find((decision) => decision.repeats === 3);
    expect(folded).toMatchObject({
      first_at: new Date(now).toISOString(),
      at: new Date(now + 2 * 60_000).toISOString(),
    });
  });

  it('computes NIFTY 50, SENSEX and Bank NIFTY from constituent prices and labels them simulated', async () => {
    const { data } = (await get('/api/market/overview')).json();
    expect(data.simulated).toBe(true);
    for (const id of ['NIFTY_50', 'SENSEX', 'BANK_NIFTY']) {
      const index = data.indices[id];
      expect(index.value).toBeGreaterThan(1000);
      expect(index.change).toBeCloseTo(index.value - index.previous_close, 1);
      expect(index.change_percent).toBeCloseTo((index.change / index.previous_close) * 100, 1);
    }
  });

  it('serves quotes in paise on the ₹0.05 tick, and names the source', async () => {
    const { data } = (await get('/api/market/quotes?symbols=RELIANCE,tcs')).json();
    expect(data.map((quote: { symbol: string }) => quote.symbol)).toEqual(['RELIANCE', 'TCS']);
    for (const quote of data) {
      expect(quote.ltp % 5).toBe(0);
      expect(quote.source).toBe('simulator');
    }
  });

  it('answers unknown symbols and bad queries with a clear 4xx', async () => {
    const unknown = await get('/api/market/quotes?symbols=RELIANCE,NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/^Unknown symbol NOPE/);
    expect((await get('/api/market/quotes')).statusCode).toBe(400);
    const badInterval = await get('/api/market/candles/RELIANCE?interval=5m');
    expect(badInterval.statusCode).toBe(400);
    expect(badInterval.json().error).toMatch(/interval must be 1m or 1d/);
    const badDate = await get('/api/market/candles/RELIANCE?from=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect((await get('/api/market/candles/NOPE')).statusCode).toBe(404);
  });

  it('serves generated daily history for the past sessions', async () => {
    const { data } = (await get('/api/market/candles/INFY?interval=1d')).json();
    expect(data.candles).toHaveLength(5);
    for (const candle of data.candles) {
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      expect(candle.source).toBe('simulator');
    }
  });

  it('gives a 30-level order book', async () => {
    const { data } = (await get('/api/market/book/HDFCBANK')).json();
    expect(data.bids).toHaveLength(30);
    expect(data.asks).toHaveLength(30);
    expect(data.asks[0].price).toBeGreaterThan(data.bids[0].price);
  });

  it('fills the tick streaming dashboard from the pipeline', async () => {
    const { data } = (await get('/api/tick-streaming/dashboard')).json();
    expect(data.connection_status).toBe('connected');
    expect(data.health.ticks_per_minute).toBe(1000);
    expect(data.health.is_connected).toBe(true);
    expect(data.data_flow.depth_levels).toBe(30);
    expect(data.websocket_health.simulator_feed).toEqual({ active: true, mode: 'full', symbols: 59 });
    expect(data.upstox_plus_features).toBeNull();
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/market/overview' });
    expect(response.statusCode).toBe(401);
  });
});
