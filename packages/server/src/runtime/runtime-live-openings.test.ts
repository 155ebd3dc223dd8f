import { FakeUpstoxOrders } from '../engines/broker/live/test-support/fake-upstox-orders';
import {
  buildTestApp,
  createTestClock,
  enrolledSecondFactor,
  enrolSecondFactorForTest,
  signInForTest,
  type TestApp,
  type TestClock,
} from '../test-support';

const ist = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

describe("the live account's loss windows in a running server", () => {
  let upstox: FakeUpstoxOrders;
  let clock: TestClock;
  let testApp: TestApp;

  beforeEach(async () => {
    upstox = new FakeUpstoxOrders();
    const baseUrl = await upstox.listen();
    upstox.api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
    }));
    clock = createTestClock(ist('2026-01-08', '09:00'));
    testApp = await buildTestApp({
      now: clock.now,
      config: {
        tradingLoop: false,
        upstox: { clientId: 'client-1', clientSecret: 'shh', redirectUri: 'http://localhost/cb', baseUrl },
      },
    });
  });

  afterEach(async () => {
    await testApp.services.market.stop();
    await testApp.close();
    await upstox.close();
  });

  /** The trader signs in (the app and Upstox, whose session ends at 03:30 IST) and the venue reads the account. */
  async function readAt(date: string, time: string, cashRupees: number) {
    const { app, services } = testApp;
    clock.set(ist(date, time));
    const session = await signInForTest(testApp);
    const { headers } = session;
    // Live mode needs two-step sign-in on: switched on at the first sign-in.
    if (!enrolledSecondFactor(testApp)) await enrolSecondFactorForTest(testApp, session);
    const { auth_url } = (await app.inject({ method: 'POST', url: '/api/upstox/connect', headers })).json()
      .data;
    const state = new URL(auth_url).searchParams.get('state')!;
    expect(
      (await app.inject({ method: 'GET', url: `/api/upstox/callback?code=c&state=${state}` })).statusCode,
    ).toBe(200);
    services.tradingMode.change('live');
    upstox.availableMarginRupees = cashRupees;
    expect(await services.liveVenue.refresh()).toBe(true);
    return headers;
  }

  it('measure the week and the month from the recorded openings, not only from today', async () => {
    // Cash only (nothing held): each morning's reading is that day's opening.
    await readAt('2026-01-08', '09:20', 500_000); // Thursday
    await readAt('2026-01-09', '09:20', 495_000); // Friday
    await readAt('2026-01-12', '09:20', 490_000); // Monday: the week starts
    await readAt('2026-01-13', '09:20', 485_000); // Tuesday's opening
    const headers = await readAt('2026-01-13', '14:00', 480_000); // ₹5,000 lost since

    const limits = (await testApp.app.inject({ method: 'GET', url: '/api/risk/limits', headers })).json()
      .data;
    // Capital is the day's opening, ₹4,85,000. Day: 5,000 / 4,85,000 = 1.0309 %; week (from Monday's
    // ₹4,90,000): 10,000 / 4,85,000 = 2.0619 %; month (from the 8th's ₹5,00,000): 20,000 / 4,85,000 = 4.1237 %.
    expect(limits.capital).toBe(485_000);
    expect(limits.usage).toMatchObject({
      daily_loss: 1.0309,
      weekly_loss: 2.0619,
      monthly_loss: 4.1237,
      drawdown: 4,
    });

    const overview = (
      await testApp.app.inject({ method: 'GET', url: '/api/portfolio/overview', headers })
    ).json();
    expect(overview.data).toMatchObject({ portfolio_value: 480_000, day_change: -5_000 });
  });
});
