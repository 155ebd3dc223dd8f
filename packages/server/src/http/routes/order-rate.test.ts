import { algoIdStateSchema, orderRateSchema } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

describe('GET /api/orders/rate', () => {
  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/orders/rate' });
    expect(response.statusCode).toBe(401);
  });

  it('reports the calls sent in the last second, minute and 30 minutes against each limit', async () => {
    const throttle = testApp.services.liveBroker.throttle;
    await Promise.all(Array.from({ length: 4 }, () => throttle.run(async () => undefined)));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/orders/rate', headers });
    expect(response.statusCode).toBe(200);
    const rate = orderRateSchema.parse(response.json().data);
    expect(rate.windows).toEqual([
      { window_ms: 1000, limit: 10, sent: 4, share_percent: 40 },
      { window_ms: 60_000, limit: 500, sent: 4, share_percent: 0.8 },
      { window_ms: 1_800_000, limit: 2000, sent: 4, share_percent: 0.2 },
    ]);
    expect(typeof rate.shared).toBe('boolean');
  });
});

describe('/api/settings/algo-id', () => {
  it("starts at the broker's generic id", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/settings/algo-id', headers });
    expect(algoIdStateSchema.parse(response.json().data)).toEqual({ algo_id: 'GENERIC', generic: true });
  });

  it('saves the exchange-assigned id, which the next live order carries', async () => {
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/settings/algo-id',
      headers,
      payload: { algo_id: ' 24719 ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ algo_id: '24719', generic: false });
    expect(testApp.services.algoId.current()).toBe('24719');
  });

  it('refuses an id the Upstox tag cannot carry, with a sentence saying what to enter', async () => {
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/settings/algo-id',
      headers,
      payload: { algo_id: 'ALGO-24719-X' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/letters and digits only, 1 to 12 of them/);
    expect(testApp.services.algoId.current()).toBe('GENERIC');
  });

  it('needs a session to change it', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/settings/algo-id',
      payload: { algo_id: '24719' },
    });
    expect(response.statusCode).toBe(401);
  });
});
