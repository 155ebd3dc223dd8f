import { FakeUpstoxApi } from '../../engines/market/providers/upstox/test-support/fake-upstox-api';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';
import { createTestClock } from '../../test-support/test-clock';

const registered = (primary: string | null, secondary: string | null = null) => ({
  status: 200,
  body: {
    status: 'success',
    data: { user_id: '858644', primary_ip: primary, secondary_ip: secondary, primary_ip_updated_at: null },
  },
});

describe('GET /api/upstox/static-ip', () => {
  let testApp: TestApp;
  let upstox: FakeUpstoxApi;
  let headers: { authorization: string };
  const clock = createTestClock();
  afterEach(async () => {
    await testApp.close();
    await upstox.close();
  });

  async function start(staticIp?: string) {
    upstox = new FakeUpstoxApi();
    const baseUrl = await upstox.listen();
    testApp = await buildTestApp({
      now: clock.now,
      config: {
        upstox: {
          clientId: 'client-1',
          clientSecret: 'shh',
          redirectUri: 'http://localhost:8082/api/upstox/callback',
          baseUrl,
          ...(staticIp ? { staticIp } : {}),
        },
      },
    });
    ({ headers } = await signInForTest(testApp));
  }
  const signInToUpstox = (token: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/upstox/token',
      headers,
      payload: { access_token: token },
    });
  /** A day later the dashboard session has lapsed too: the trader signs in to both again. */
  const nextDay = async () => {
    clock.advance(24 * 3_600_000);
    ({ headers } = await signInForTest(testApp));
  };
  const view = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/api/upstox/static-ip', headers })).json().data;

  it('needs a signed-in session', async () => {
    await start();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/upstox/static-ip' });
    expect(reply.statusCode).toBe(401);
  });

  it('shows the configured address, saying Upstox was not asked, while there is no Upstox session', async () => {
    await start('203.0.113.10');
    expect(await view()).toMatchObject({
      address: '203.0.113.10',
      source: 'configured',
      checked_at: null,
      note: 'Upstox was not asked: it is asked once your Upstox account is connected.',
    });
    expect(upstox.count('/v2/user/ip')).toBe(0);
  });

  it('asks Upstox once per session and warns when the address changed since the last session', async () => {
    await start();
    upstox.route('GET', /^\/v2\/user\/ip$/, () => registered('122.181.101.247', '128.1.1.2'));
    await signInToUpstox('token-monday');
    const first = await view();
    expect(first).toMatchObject({
      address: '122.181.101.247',
      secondary_address: '128.1.1.2',
      source: 'upstox',
      checked_at: new Date(clock.now()).toISOString(),
      changed_from: null,
      note: null,
    });
    await view();
    expect(upstox.count('/v2/user/ip')).toBe(1);
    expect(upstox.requests.find((r) => r.path === '/v2/user/ip')?.authorization).toBe('Bearer token-monday');

    // The next trading day: a new Upstox session, and the account now has another address registered.
    await nextDay();
    upstox.route('GET', /^\/v2\/user\/ip$/, () => registered('49.37.189.45'));
    await signInToUpstox('token-tuesday');
    expect(await view()).toMatchObject({ address: '49.37.189.45', changed_from: '122.181.101.247' });
    expect(upstox.count('/v2/user/ip')).toBe(2);

    // Unchanged on the day after: no warning.
    await nextDay();
    await signInToUpstox('token-wednesday');
    expect(await view()).toMatchObject({ address: '49.37.189.45', changed_from: null });
  });

  it('flags a configured address Upstox does not have registered', async () => {
    await start('203.0.113.10');
    upstox.route('GET', /^\/v2\/user\/ip$/, () => registered('122.181.101.247'));
    await signInToUpstox('token');
    expect(await view()).toMatchObject({
      address: '122.181.101.247',
      configured_address: '203.0.113.10',
      configured_mismatch: true,
    });
  });

  it('says when no static IP is registered with Upstox', async () => {
    await start();
    upstox.route('GET', /^\/v2\/user\/ip$/, () => registered(null));
    await signInToUpstox('token');
    expect(await view()).toMatchObject({
      address: null,
      source: 'upstox',
      note: expect.stringMatching(/^No static IP is registered with Upstox/),
    });
  });

  it('falls back to the configured address when Upstox fails, and asks again next time', async () => {
    await start('203.0.113.10');
    upstox.route('GET', /^\/v2\/user\/ip$/, () => ({
      status: 500,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI100500', message: 'Something went wrong' }] },
    }));
    await signInToUpstox('token');
    const failed = await view();
    expect(failed).toMatchObject({ address: '203.0.113.10', source: 'configured' });
    expect(failed.note).toMatch(/^Upstox did not answer/);
    upstox.route('GET', /^\/v2\/user\/ip$/, () => registered('203.0.113.10'));
    expect(await view()).toMatchObject({
      address: '203.0.113.10',
      source: 'upstox',
      configured_mismatch: false,
    });
    expect(upstox.count('/v2/user/ip')).toBe(2);
  });
});
