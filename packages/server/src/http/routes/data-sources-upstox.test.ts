import { FakeUpstoxApi } from '../../engines/market/providers/upstox/test-support/fake-upstox-api';
import { buildTestApp, enrolSecondFactorForTest, signInForTest, type TestApp } from '../../test-support';

describe('Upstox account routes', () => {
  let testApp: TestApp;
  let headers: { authorization: string };
  afterEach(() => testApp.close());

  it('reports Upstox as not configured, refuses to connect and refuses live mode with the reason', async () => {
    testApp = await buildTestApp();
    ({ headers } = await signInForTest(testApp));
    const status = (await testApp.app.inject({ method: 'GET', url: '/api/upstox/status', headers })).json()
      .data;
    expect(status).toMatchObject({
      connected: false,
      configured: false,
      auth_url: null,
      has_positions: false,
    });
    expect(status.message).toMatch(/^Upstox is not configured: set UPSTOX_CLIENT_ID/);

    const connect = await testApp.app.inject({ method: 'POST', url: '/api/upstox/connect', headers });
    expect(connect.statusCode).toBe(409);
    expect(connect.json().error).toMatch(/UPSTOX_CLIENT_ID/);

    const live = await testApp.app.inject({
      method: 'POST',
      url: '/api/trading/mode',
      headers,
      payload: { mode: 'real' },
    });
    expect(live.statusCode).toBe(409);
    expect(live.json().error).toMatch(/^Live trading is not available\. Upstox is not configured/);
    const mode = (await testApp.app.inject({ method: 'GET', url: '/api/trading/mode', headers })).json().data;
    expect(mode.trading_mode).toBe('mock');

    const system = (await testApp.app.inject({ method: 'GET', url: '/api/status', headers })).json().data;
    expect(system).toMatchObject({
      upstox_connected: false,
      yahoo_finance_connected: false,
      data_source: 'simulator',
      database_connected: true,
    });
  });

  it('runs the OAuth code flow: a single-use state, the code exchanged, the token sealed, live mode allowed', async () => {
    const upstox = new FakeUpstoxApi();
    const baseUrl = await upstox.listen();
    upstox.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
    }));
    testApp = await buildTestApp({
      config: {
        upstox: {
          clientId: 'client-1',
          clientSecret: 'shh',
          redirectUri: 'http://localhost:8082/api/upstox/callback',
          baseUrl,
        },
      },
    });
    const session = await signInForTest(testApp);
    ({ headers } = session);
    try {
      const { auth_url } = (
        await testApp.app.inject({ method: 'POST', url: '/api/upstox/connect', headers })
      ).json().data;
      const url = new URL(auth_url);
      expect(url.pathname).toBe('/v2/login/authorization/dialog');
      expect(url.searchParams.get('client_id')).toBe('client-1');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8082/api/upstox/callback');
      const state = url.searchParams.get('state')!;
      expect(state.length).toBeGreaterThanOrEqual(32);

      const forged = await testApp.app.inject({
        method: 'GET',
        url: '/api/upstox/callback?code=abc&state=forged',
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error).toMatch(/expired or was already used/);

      const callback = await testApp.app.inject({
        method: 'GET',
        url: `/api/upstox/callback?code=abc&state=${state}`,
      });
      expect(callback.statusCode).toBe(200);
      expect(callback.body).toMatch(/Upstox account is connected/);
      const exchange = upstox.requests.find((request) => request.path === '/v2/login/authorization/token')!;
      expect(new URLSearchParams(exchange.body).get('code')).toBe('abc');

      const reused = await testApp.app.inject({
        method: 'GET',
        url: `/api/upstox/callback?code=abc&state=${state}`,
      });
      expect(reused.statusCode).toBe(400);

      const stored = testApp.services.db
        .prepare("SELECT value FROM settings WHERE key = 'upstox_session'")
        .get() as { value: string };
      expect(stored.value).not.toContain('upstox-token-SECRET');
      const status = await testApp.app.inject({ method: 'GET', url: '/api/upstox/status', headers });
      expect(status.body).not.toContain('upstox-token-SECRET');

      const switchToLive = () =>
        testApp.app.inject({ method: 'POST', url: '/api/trading/mode', headers, payload: { mode: 'live' } });
      // The broker is connected, but live orders also need two-step sign-in on the account.
      const refused = await switchToLive();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        'Live trading is not available. Turn on two-step sign-in in Settings → Profile before trading live.',
      );
      await enrolSecondFactorForTest(testApp, session);
      const live = await switchToLive();
      expect(live.statusCode).toBe(200);
      expect(live.json().data).toEqual({ current_mode: 'live', current_mode_label: 'Live Trading' });

      // Live mode reads the broker's account: until it has synced, the portfolio says so (no 500, no zeros).
      const overview = await testApp.app.inject({ method: 'GET', url: '/api/portfolio/overview', headers });
      expect(overview.statusCode).toBe(503);
      expect(overview.json().error).toMatch(/^The live portfolio is not available yet/);
    } finally {
      await testApp.services.market.stop();
      await upstox.close();
    }
  });

  it('answers a callback without a code with a clear 400', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/upstox/callback?state=x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/code/);
  });
});
