import { loadConfig } from '../../runtime/config';
import { buildTestApp, signInForTest, TEST_PASSWORD, type TestApp } from '../../test-support';

const PROXY = '127.0.0.1';
let t: TestApp;
afterEach(() => t.close());

/** The proxy on this machine, as TRUST_PROXY=on trusts it, or TRUST_PROXY=off. */
async function appWithProxy(trusted: boolean) {
  const trustProxy = loadConfig({ TRUST_PROXY: trusted ? 'on' : 'off' }).trustProxy;
  t = await buildTestApp({ config: { trustProxy, loginMaxFailures: 3 } });
  await signInForTest(t);
}

/** A sign-in relayed by the reverse proxy on this machine for the client at `client`. */
const loginVia = (client: string, email: string, password = 'Wrong-Password-123') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
  });

describe('TRUST_PROXY', () => {
  it('on: keys the per-address limit on the client the proxy names, so one client cannot lock out another', async () => {
    await appWithProxy(true);
    for (let i = 0; i < 3; i++) await loginVia('203.0.113.7', `guess${i}@elsewhere.test`);
    expect((await loginVia('203.0.113.7', 'guess9@elsewhere.test')).statusCode).toBe(429);

    const neighbour = await loginVia('198.51.100.4', t.config.traderEmail, TEST_PASSWORD);
    expect(neighbour.statusCode).toBe(200);
  });

  it('on: takes the address the proxy saw, not one the client wrote into X-Forwarded-For itself', async () => {
    await appWithProxy(true);
    for (let i = 0; i < 3; i++) await loginVia(`10.0.0.${i}, 203.0.113.7`, `guess${i}@elsewhere.test`);
    expect((await loginVia('10.9.9.9, 203.0.113.7', 'guess9@elsewhere.test')).statusCode).toBe(429);
  });

  it('on: the per-account limit still holds across client addresses', async () => {
    await appWithProxy(true);
    for (let i = 0; i < 3; i++) await loginVia(`203.0.113.${i}`, t.config.traderEmail);
    const fromElsewhere = await loginVia('198.51.100.4', t.config.traderEmail, TEST_PASSWORD);
    expect(fromElsewhere.statusCode).toBe(429);
  });

  it('off (the default): every request relayed by the proxy shares its address and its limit', async () => {
    await appWithProxy(false);
    expect(t.config.trustProxy).toBe(false);
    for (let i = 0; i < 3; i++) await loginVia('203.0.113.7', `guess${i}@elsewhere.test`);
    const neighbour = await loginVia('198.51.100.4', t.config.traderEmail, TEST_PASSWORD);
    expect(neighbour.statusCode).toBe(429);
  });

  it('reads off, on, or a list of proxy addresses, and refuses anything else with a sentence', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY must be off, on, or the proxies' addresses/,
    );
  });
});
