// The history routes' tests share this: an app with a session, optionally a connected fake Upstox.
import { FakeUpstoxApi } from '../../../engines/market/providers/upstox/test-support/fake-upstox-api';
import { buildTestApp, signInForTest, type TestApp } from '../../../test-support';

// The test clock reads Monday 2026-01-05 09:30 IST: Upstox's history ends on Friday 2026-01-02.
export const HEADER = 'symbol,timestamp,open,high,low,close,volume';

export let testApp: TestApp;
let headers: { authorization: string };
export let upstox: FakeUpstoxApi | null = null;

/** Each test's app and fake Upstox, closed: pass to afterEach. */
export async function closeHistoryApp() {
  await testApp.close();
  await upstox?.close();
  upstox = null;
}

/** A signed-in app; with Upstox, a fake Upstox connected to it and its requests cleared. */
export async function start(withUpstox = false) {
  let baseUrl: string | undefined;
  if (withUpstox) {
    upstox = new FakeUpstoxApi();
    baseUrl = await upstox.listen();
    upstox.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
    }));
  }
  testApp = await buildTestApp(
    baseUrl
      ? {
          config: {
            upstox: {
              clientId: 'client-1',
              clientSecret: 'shh',
              redirectUri: 'http://localhost/cb',
              baseUrl,
            },
          },
        }
      : {},
  );
  ({ headers } = await signInForTest(testApp));
  if (withUpstox) {
    const connect = await call('POST', '/api/upstox/connect');
    const state = new URL(connect.json().data.auth_url).searchParams.get('state')!;
    await testApp.app.inject({ method: 'GET', url: `/api/upstox/callback?code=abc&state=${state}` });
    upstox!.requests.length = 0;
  }
}

export const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
export const importCsv = (payload: object) => call('POST', '/api/history/import', payload);
export const coverage = async () => (await call('GET', '/api/history/coverage')).json().data;

export const fetchBody = {
  symbols: ['RELIANCE', 'TCS'],
  interval: '1minute',
  from: '2025-11-03',
  to: '2026-01-02',
};
