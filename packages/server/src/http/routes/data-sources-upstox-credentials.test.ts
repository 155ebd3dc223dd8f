import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };
let now: number;

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
  now = testApp.services.market.clock.now();
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const jwt = (expSeconds: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: 'T1', exp: expSeconds })).toString('base64url')}.sig`;
const integration = async () => (await call('GET', '/api/upstox/integration')).json().data;

describe('Upstox credentials and token', () => {
  it('starts with nothing configured and the token missing', async () => {
    expect(await integration()).toMatchObject({
      api_key_masked: null,
      has_api_secret: false,
      token_state: 'missing',
      credentials_source: 'none',
    });
  });

  it('saves the key, secret, redirect URI and token sealed; shows only the masked key', async () => {
    const token = jwt(Math.floor(now / 1000) + 5 * 3600);
    const response = await call('POST', '/api/upstox/credentials', {
      api_key: '  abcd1234-efgh-5678  ',
      api_secret: 'very-secret-value',
      redirect_uri: 'http://localhost:8082/api/upstox/callback',
      access_token: token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      api_key_masked: 'abcd1234••••••••',
      has_api_secret: true,
      redirect_uri: 'http://localhost:8082/api/upstox/callback',
      token_state: 'valid',
      credentials_source: 'saved',
    });
    const text = JSON.stringify(response.json());
    expect(text).not.toContain('very-secret-value');
    expect(text).not.toContain(token);
    const stored = JSON.stringify(testApp.services.db.prepare('SELECT value FROM settings').all());
    expect(stored).not.toContain('very-secret-value');
    expect(stored).not.toContain('efgh-5678');
    // Saved credentials make the OAuth flow usable.
    const connect = await call('POST', '/api/upstox/connect');
    expect(connect.statusCode).toBe(200);
    expect(connect.json().data.auth_url).toContain('client_id=abcd1234-efgh-5678');
  });

  it('refuses a missing key or secret with a sentence and saves nothing', async () => {
    const response = await call('POST', '/api/upstox/credentials', { api_key: 'abc', api_secret: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/API secret is required/);
    expect((await integration()).credentials_source).toBe('none');
    const badUri = await call('POST', '/api/upstox/credentials', {
      api_key: 'a',
      api_secret: 'b',
      redirect_uri: 'javascript:x',
    });
    expect(badUri.statusCode).toBe(400);
  });

  it('the token editor trims, refuses empty input, and reports expiring, expired and invalid tokens', async () => {
    const empty = await call('POST', '/api/upstox/token', { access_token: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Please enter a valid access token/);
    const expiring = await call('POST', '/api/upstox/token', {
      access_token: `  ${jwt(Math.floor(now / 1000) + 3600)}  `,
    });
    expect(expiring.json().data.token_state).toBe('expiring');
    expect(
      (await call('POST', '/api/upstox/token', { access_token: jwt(Math.floor(now / 1000) - 60) })).json()
        .data.token_state,
    ).toBe('expired');
    expect(
      (await call('POST', '/api/upstox/token', { access_token: 'garbage' })).json().data.token_state,
    ).toBe('invalid');
  });

  it('disconnect forgets the token', async () => {
    await call('POST', '/api/upstox/token', { access_token: jwt(Math.floor(now / 1000) + 5 * 3600) });
    const response = await call('POST', '/api/upstox/disconnect');
    expect(response.json().data.token_state).toBe('missing');
    expect(testApp.services.upstoxAccount.session()).toBeNull();
  });
});
