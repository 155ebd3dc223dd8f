import { buildTestApp, registeredRoutes, signInForTest, type TestApp } from '../../test-support';
import { isHeavyRoute } from '../heavy-route-limit';

let testApp: TestApp;
let headers: { authorization: string };

// No heavy request may be in flight: every one is refused, as when the server is saturated.
beforeAll(async () => {
  testApp = await buildTestApp({
    config: {
      heavyRoutes: {
        maxInFlight: 0,
        maxLoopDelayMs: 0,
        maxWorkWhileOrdersMs: 0,
        minReadsToShed: 0,
        retryAfterSeconds: 1,
      },
    },
  });
  ({ headers } = await signInForTest(testApp));
});
afterAll(() => testApp.close());

describe('heavy routes under load, in the real app', () => {
  it('answers candles, analytics and risk metrics 503 with Retry-After and a sentence', async () => {
    for (const url of ['/api/market/candles/RELIANCE', '/api/performance/analytics', '/api/risk/metrics']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json().error).toMatch(
        /try again in 1 s; orders and Emergency Stop are not affected\.$/,
      );
    }
  });

  it('still answers health, places orders and halts trading', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const order = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { symbol: 'RELIANCE', side: 'BUY', type: 'MARKET', quantity: 1 },
    });
    expect(order.statusCode).toBe(201);
    const stop = await testApp.app.inject({
      method: 'POST',
      url: '/api/risk/emergency-stop',
      headers,
      payload: { reason: 'Checking the halt is never refused under load', close_positions: false },
    });
    expect(stop.statusCode).toBe(200);
  });

  it('never counts health, orders or Emergency Stop among the heavy routes the app serves', () => {
    const routes = registeredRoutes(testApp.app);
    const heavy = routes.filter((route) => isHeavyRoute(route.method, route.url)).map((route) => route.url);
    expect(heavy).toContain('/api/market/candles/:symbol');
    expect(heavy.filter((url) => /health|ready|orders|emergency-stop|resume|auth/.test(url))).toEqual([]);
  });
});
