import {
  buildTestApp,
  enrolSecondFactorForTest,
  signInForTest,
  type TestApp,
} from '../../../../test-support';
import { FakeUpstoxOrders } from './fake-upstox-orders';

export interface LiveTestApp {
  testApp: TestApp;
  fake: FakeUpstoxOrders;
  /** The signed-in trader's headers for app.inject. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The whole API app (real services) against a fake Upstox over HTTP: the trader signed in, the Upstox
 * account connected through the OAuth callback, two-step sign-in on, and — with `mode: 'live'` — live mode switched on.
 */
export async function liveTestApp({ mode = 'live' }: { mode?: 'live' | 'paper' } = {}): Promise<LiveTestApp> {
  const fake = new FakeUpstoxOrders();
  const baseUrl = await fake.listen();
  fake.api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
    status: 200,
    body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
  }));
  const testApp = await buildTestApp({
    config: {
      upstox: { clientId: 'client-1', clientSecret: 'shh', redirectUri: 'http://localhost/cb', baseUrl },
    },
  });
  const close = async () => {
    await testApp.services.liveBroker.cancelsSettled();
    await testApp.services.market.stop();
    await testApp.close();
    await fake.close();
  };
  try {
    const { app } = testApp;
    const session = await signInForTest(testApp);
    const { headers } = session;
    // Live mode needs two-step sign-in on, as it does for the trader.
    await enrolSecondFactorForTest(testApp, session);
    const connect = await app.inject({ method: 'POST', url: '/api/upstox/connect', headers });
    const state = new URL(connect.json().data.auth_url).searchParams.get('state')!;
    const callback = await app.inject({ method: 'GET', url: `/api/upstox/callback?code=abc&state=${state}` });
    if (callback.statusCode !== 200) throw new Error(`Upstox sign-in failed: ${callback.body}`);
    testApp.services.tradingMode.change(mode);
    fake.api.requests.length = 0;
    return { testApp, fake, headers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
