import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let server: http.Server;
let base: string;
let seen: { url?: string; authorization?: string; 'x-team'?: string }[];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({
      url: request.url,
      authorization: request.headers.authorization,
      'x-team': request.headers['x-team'] as string | undefined,
    });
    if (request.url?.startsWith('/quotes')) return void response.end('{"NIFTY":24000}');
    response.statusCode = 503;
    response.end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let testApp: TestApp;
let headers: { authorization: string };

async function start(allowLoopback: boolean) {
  testApp = await buildTestApp({
    services: (services) => {
      (services.dataSources as unknown as { deps: { allowLoopback: boolean } }).deps.allowLoopback =
        allowLoopback;
      return {};
    },
  });
  ({ headers } = await signInForTest(testApp));
}
beforeEach(() => {
  seen = [];
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const customRows = () =>
  (
    testApp.services.db.prepare('SELECT COUNT(*) AS n FROM data_sources WHERE custom = 1').get() as {
      n: number;
    }
  ).n;
const form = (endpoint: string, extra: object = {}) => ({
  name: 'NSE quotes',
  endpoint,
  type: 'Market Data API',
  description: 'Quotes from my own server',
  ...extra,
});

describe('data-source registry routes', () => {
  beforeEach(() => start(true));

  it('lists the built-ins: simulator, Upstox, Yahoo Finance and the news feeds', async () => {
    const response = await call('GET', '/api/data-sources');
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { id: string; type: string; custom: boolean; status: string }[];
    expect(list.map((s) => s.id)).toEqual(
      expect.arrayContaining(['simulator', 'upstox', 'yahoo-finance', 'et-markets']),
    );
    expect(list.filter((s) => s.type === 'News RSS Feed').length).toBeGreaterThanOrEqual(4);
    expect(list.every((s) => !s.custom)).toBe(true);
    expect(list.find((s) => s.id === 'simulator')!.status).toBe('connected');
  });

  it('validates a reachable endpoint with its latency', async () => {
    const response = await call('POST', '/api/data-sources/validate', form(`${base}/quotes`));
    expect(response.json()).toMatchObject({
      success: true,
      data: { valid: true, error: null, status_code: 200 },
    });
  });

  it('answers invalid with the reason for an endpoint that fails, and for a private address', async () => {
    const failing = await call('POST', '/api/data-sources/validate', form(`${base}/broken`));
    expect(failing.json().data).toMatchObject({ valid: false, error: 'The endpoint answered HTTP 503.' });
    const privateOne = await call('POST', '/api/data-sources/validate', form('http://10.0.0.1/feed'));
    expect(privateOne.json().data.error).toMatch(/10\.0\.0\.1, a private address/);
  });

  it('asks for an endpoint first and refuses a non-http URL with a sentence', async () => {
    const empty = await call('POST', '/api/data-sources/validate', form(''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Please enter an endpoint URL first/);
    const ftp = await call('POST', '/api/data-sources/add', form('ftp://example.com/feed'));
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error).toMatch(/http or https/);
    expect(customRows()).toBe(0);
  });

  it('adds a custom source after validating it, seals its key and never returns it', async () => {
    const response = await call(
      'POST',
      '/api/data-sources/add',
      form(`${base}/quotes`, { apiKey: 'sk_live_1234567890abcdef', headers: { 'X-Team': 'alpha' } }),
    );
    expect(response.statusCode).toBe(201);
    const added = response.json().data;
    expect(added).toMatchObject({
      custom: true,
      status: 'connected',
      enabled: true,
      api_key_masked: 'sk_live_••••••••',
      header_names: ['X-Team'],
      api_key_required: true,
    });
    expect(JSON.stringify(response.json())).not.toContain('1234567890abcdef');
    expect(JSON.stringify(response.json())).not.toContain('alpha');
    expect(seen.at(-1)).toMatchObject({
      authorization: 'Bearer sk_live_1234567890abcdef',
      'x-team': 'alpha',
    });
    const row = testApp.services.db
      .prepare('SELECT * FROM data_sources WHERE id = ?')
      .get(added.id) as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain('1234567890abcdef');
    const list = (await call('GET', '/api/data-sources')).json().data as { id: string }[];
    expect(list.at(-1)!.id).toBe(added.id);
  });

  it('stores nothing when validation fails: Validation failed: {error}', async () => {
    const response = await call(
      'POST',
      '/api/data-sources/add',
      form('http://169.254.169.254/latest/meta-data/'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^Validation failed: Refused: 169\.254\.169\.254/);
    expect(customRows()).toBe(0);
  });

  it('refreshes a custom source by fetching its endpoint: connected, then disconnected when it fails', async () => {
    const added = (await call('POST', '/api/data-sources/add', form(`${base}/quotes`))).json().data;
    const refreshed = await call('POST', `/api/data-sources/${added.id}/refresh`);
    expect(refreshed.json().data).toMatchObject({ status: 'connected', message: null });
    expect(seen.filter((s) => s.url === '/quotes')).toHaveLength(2);
    testApp.services.db
      .prepare('UPDATE data_sources SET endpoint = ? WHERE id = ?')
      .run(`${base}/broken`, added.id);
    const failed = await call('POST', `/api/data-sources/${added.id}/refresh`);
    expect(failed.json().data).toMatchObject({
      status: 'disconnected',
      message: 'The endpoint answered HTTP 503.',
    });
  });

  it('edits a custom source, keeping its key when none is sent, and refuses editing a built-in', async () => {
    const added = (
      await call('POST', '/api/data-sources/add', form(`${base}/quotes`, { apiKey: 'abcdefgh-secret' }))
    ).json().data;
    const edited = await call(
      'PUT',
      `/api/data-sources/${added.id}`,
      form(`${base}/quotes?v=2`, { name: 'Renamed' }),
    );
    expect(edited.json().data).toMatchObject({ name: 'Renamed', api_key_masked: 'abcdefgh••••••••' });
    expect(seen.at(-1)).toMatchObject({ url: '/quotes?v=2', authorization: 'Bearer abcdefgh-secret' });
    const refused = await call('PUT', `/api/data-sources/${added.id}`, form('http://[fc00::1]/x'));
    expect(refused.statusCode).toBe(422);
    expect((await call('GET', '/api/data-sources')).json().data.at(-1).endpoint).toBe(`${base}/quotes?v=2`);
    const builtin = await call('PUT', '/api/data-sources/yahoo-finance', form(`${base}/quotes`));
    expect(builtin.statusCode).toBe(409);
  });

  it('toggles a news feed off and on, and the ML pipeline reader follows', async () => {
    const off = await call('POST', '/api/data-sources/et-markets/toggle', { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false, status: 'disabled' });
    expect(testApp.services.dataSources.enabledNewsFeeds().map((f) => f.id)).not.toContain('et-markets');
    await call('POST', '/api/data-sources/et-markets/toggle', { enabled: true });
    expect(testApp.services.dataSources.enabledNewsFeeds().map((f) => f.id)).toContain('et-markets');
  });

  it('switching Upstox off takes it out of the feed choice', async () => {
    const select = jest.spyOn(testApp.services, 'selectFeed');
    const response = await call('POST', '/api/data-sources/upstox/toggle', { enabled: false });
    expect(response.json().data).toMatchObject({ enabled: false, status: 'disabled' });
    expect(testApp.services.dataSources.isEnabled('upstox')).toBe(false);
    expect(select).not.toHaveBeenCalled(); // the service calls its own closure, checked through isEnabled
  });

  it('refuses to switch the simulator off, Yahoo on when the server has it off, and bad input', async () => {
    expect((await call('POST', '/api/data-sources/simulator/toggle', { enabled: false })).statusCode).toBe(
      409,
    );
    const yahoo = await call('POST', '/api/data-sources/yahoo-finance/toggle', { enabled: true });
    expect(yahoo.statusCode).toBe(409);
    expect(yahoo.json().error).toMatch(/YAHOO_ENABLED/);
    expect((await call('POST', '/api/data-sources/upstox/toggle', { enabled: 'yes' })).statusCode).toBe(400);
    expect((await call('POST', '/api/data-sources/nope/toggle', { enabled: true })).statusCode).toBe(404);
    expect((await call('POST', '/api/data-sources/nope/refresh')).statusCode).toBe(404);
  });

  it('refuses forbidden headers with a sentence', async () => {
    const response = await call(
      'POST',
      '/api/data-sources/add',
      form(`${base}/quotes`, { headers: { Host: 'x' } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/Host, Content-Length/);
  });

  it('requires a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/data-sources' });
    expect(response.statusCode).toBe(401);
  });
});

describe('without DATA_SOURCES_ALLOW_LOOPBACK', () => {
  beforeEach(() => start(false));

  it('refuses a loopback endpoint and stores nothing', async () => {
    const response = await call('POST', '/api/data-sources/add', form(`${base}/quotes`));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(seen).toEqual([]);
    expect(customRows()).toBe(0);
    const v6 = await call('POST', '/api/data-sources/validate', form('http://[::1]:9/x'));
    expect(v6.json().data).toMatchObject({ valid: false });
  });
});

describe('with Yahoo Finance configured', () => {
  beforeEach(async () => {
    testApp = await buildTestApp({ config: { yahoo: { enabled: true, baseUrl: 'http://127.0.0.1:9/' } } });
    ({ headers } = await signInForTest(testApp));
  });

  it('lists the built-ins in their order and lets the fallback feed be switched off and on', async () => {
    const list = (await call('GET', '/api/data-sources')).json().data as { id: string; enabled: boolean }[];
    expect(list.slice(0, 3).map((s) => s.id)).toEqual(['simulator', 'upstox', 'yahoo-finance']);
    expect(list[2]!.enabled).toBe(true);
    const off = await call('POST', '/api/data-sources/yahoo-finance/toggle', { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false, status: 'disabled' });
    expect(testApp.services.dataSources.isEnabled('yahoo-finance')).toBe(false);
    const on = await call('POST', '/api/data-sources/yahoo-finance/toggle', { enabled: true });
    expect(on.json().data.enabled).toBe(true);
  });

  it('in paper mode without Upstox the switch really moves the market feed between Yahoo and the simulator', async () => {
    const { market, tradingMode } = testApp.services;
    tradingMode.change('paper');
    await testApp.services.selectFeed();
    expect(market.activeProvider.source).toBe('yahoo');
    await call('POST', '/api/data-sources/yahoo-finance/toggle', { enabled: false });
    expect(market.activeProvider.source).toBe('simulator');
    await call('POST', '/api/data-sources/yahoo-finance/toggle', { enabled: true });
    expect(market.activeProvider.source).toBe('yahoo');
  });
});
