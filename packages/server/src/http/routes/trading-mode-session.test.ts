import { buildTestApp, enrolSecondFactorForTest, signInForTest, type TestApp } from '../../test-support';
import { createTestClock } from '../../test-support/test-clock';

/** An IST wall-clock time as epoch ms. */
const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe('GET /api/trading/mode follows the Upstox session', () => {
  let testApp: TestApp;
  afterEach(() => testApp.close());

  it('says until when live trading is allowed, then why it is not, across IST midnight', async () => {
    const clock = createTestClock(ist('2026-01-05T21:00:00'));
    testApp = await buildTestApp({
      now: clock.now,
      config: {
        upstox: {
          clientId: 'client-1',
          clientSecret: 'shh',
          redirectUri: 'http://localhost:8082/api/upstox/callback',
          baseUrl: 'http://127.0.0.1:1',
        },
      },
    });
    const session = await signInForTest(testApp);
    // Live mode needs two-step sign-in on (decision 0036).
    await enrolSecondFactorForTest(testApp, session);
    let { headers } = session;
    const mode = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/trading/mode', headers })).json().data;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/upstox/token',
      headers,
      payload: { access_token: 'evening-token' },
    });
    const live = await testApp.app.inject({
      method: 'POST',
      url: '/api/trading/mode',
      headers,
      payload: { mode: 'live' },
    });
    expect(live.statusCode).toBe(200);
    expect(await mode()).toMatchObject({
      trading_mode: 'live',
      live_available: true,
      live_allowed_until: new Date(ist('2026-01-06T03:30:00')).toISOString(),
    });

    clock.set(ist('2026-01-06T03:29:59'));
    ({ headers } = await signInForTest(testApp));
    expect((await mode()).trading_mode).toBe('live');

    clock.set(ist('2026-01-06T03:30:00'));
    expect(await mode()).toMatchObject({
      trading_mode: 'paper',
      live_available: false,
      live_allowed_until: null,
      live_unavailable_reason: expect.stringMatching(
        /^Your Upstox session expired at 03:30 IST\. .*sign in to Upstox again/,
      ),
    });
  });
});
