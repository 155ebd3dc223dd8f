import { liveTestApp } from '../engines/broker/live/test-support/live-test-app';
import { FakeUpstoxApi } from '../engines/market/providers/upstox/test-support/fake-upstox-api';
import { buildTestApp, enrolSecondFactorForTest, signInForTest, type TestApp } from '../test-support';

describe('the trading loop follows the trading mode', () => {
  let testApp: TestApp;
  let upstox: FakeUpstoxApi;

  beforeEach(async () => {
    upstox = new FakeUpstoxApi();
    const baseUrl = await upstox.listen();
    upstox.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
    }));
    testApp = await buildTestApp({
      config: {
        upstox: { clientId: 'client-1', clientSecret: 'shh', redirectUri: 'http://localhost/cb', baseUrl },
      },
    });
  });

  afterEach(async () => {
    await testApp.services.market.stop();
    await testApp.close();
    await upstox.close();
  });

  it('runs the live loop instead of the paper loop in live mode, and the paper loop again after', async () => {
    const { services, app } = testApp;
    const session = await signInForTest(testApp);
    const { headers } = session;
    await enrolSecondFactorForTest(testApp, session);
    services.tradingMode.change('paper');
    expect(services.tradingLoop.state().running).toBe(true);
    expect(services.liveLoop.isRunning()).toBe(false);

    const { auth_url } = (await app.inject({ method: 'POST', url: '/api/upstox/connect', headers })).json()
      .data;
    const state = new URL(auth_url).searchParams.get('state')!;
    const callback = await app.inject({ method: 'GET', url: `/api/upstox/callback?code=abc&state=${state}` });
    expect(callback.statusCode).toBe(200);
    expect(services.upstoxAccount.problem()).toBeNull();

    const live = await app.inject({
      method: 'POST',
      url: '/api/trading/mode',
      headers,
      payload: { mode: 'live' },
    });
    expect(live.statusCode).toBe(200);
    expect(services.liveLoop.isRunning()).toBe(true);
    expect(services.tradingLoop.state().running).toBe(false);
    // The engine status reports the loop that trades now: the live one.
    expect(services.engineStatus().engines.trading_loop?.running).toBe(true);

    services.tradingMode.change('paper');
    expect(services.liveLoop.isRunning()).toBe(false);
    expect(services.tradingLoop.state().running).toBe(true);
    expect(services.engineStatus().engines.trading_loop?.running).toBe(true);

    services.tradingMode.change('live');
    expect(services.liveLoop.isRunning()).toBe(true);
    await services.market.stop();
    await testApp.close();
    expect(services.liveLoop.isRunning()).toBe(false);
  });
});

describe('starting the server in live mode', () => {
  it('starts before the first sync with Upstox (a restart while trading live) instead of exiting', async () => {
    const live = await liveTestApp({ mode: 'live' });
    try {
      expect(live.testApp.services.tradingMode.current()).toBe('live');
      await expect(live.testApp.runtime.start()).resolves.toBeUndefined();
    } finally {
      await live.close();
    }
  });
});
