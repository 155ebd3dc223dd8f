import { createRunningClock } from '../../../../test-support/test-clock';
import type { Tick } from '../../market-types';
import { FakeUpstoxApi, invalidTokenReply } from './test-support/fake-upstox-api';
import { FakeUpstoxFeedServer, waitFor } from './test-support/fake-upstox-feed-server';
import { ltpcFrame } from './test-support/upstox-frames';
import { UpstoxFeed, type UpstoxFeedOptions } from './upstox-feed';

const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const ISSUED = ist('2026-11-23T08:50:00');
const AUTHORIZE = '/v3/feed/market-data-feed/authorize';
const keyOf = (symbol: string) => `NSE_EQ|${symbol}`;

describe('UpstoxFeed', () => {
  let api: FakeUpstoxApi;
  let feedServer: FakeUpstoxFeedServer;
  let feed: UpstoxFeed;
  let clock: number;

  async function createFeed(overrides: Partial<UpstoxFeedOptions> = {}): Promise<UpstoxFeed> {
    feed = new UpstoxFeed({
      baseUrl: await api.listen(),
      session: () => ({ accessToken: 'secret-access-token', issuedAtMs: ISSUED }),
      resolve: (symbol) => ({ instrumentKey: keyOf(symbol), yahooSymbol: `${symbol}.NS` }),
      symbolForInstrumentKey: (key) => key.replace('NSE_EQ|', ''),
      isMarketOpen: () => true,
      authUrl: () => 'https://api.upstox.com/v2/login/authorization/dialog?client_id=k',
      now: () => clock,
      pingIntervalMs: 100,
      deadFeedMs: 300,
      backoff: { initialMs: 20, maxMs: 100 },
      ...overrides,
    });
    return feed;
  }

  beforeEach(async () => {
    clock = ist('2026-11-23T10:00:00');
    api = new FakeUpstoxApi();
    feedServer = new FakeUpstoxFeedServer();
    api.feedUrl = await feedServer.url();
  });

  afterEach(async () => {
    await feed?.stop();
    await Promise.all([api.close(), feedServer.close()]);
  });

  it('authorizes, connects to the one-time URL and sends the subscription as a binary JSON frame', async () => {
    await createFeed();
    feed.subscribe(['RELIANCE', 'TCS'], 'full');
    await feed.start();
    await waitFor(() => feedServer.received.length === 1);
    expect(feedServer.connections[0]?.url).toBe('/feed?requestId=fake&code=1');
    const [request] = feedServer.received;
    expect(request?.isBinary).toBe(true);
    expect(request?.json).toEqual({
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'sub',
      data: { mode: 'full', instrumentKeys: ['NSE_EQ|RELIANCE', 'NSE_EQ|TCS'] },
    });
    expect(feed.health()).toMatchObject({
      status: 'connected',
      connected: true,
      mode: 'full',
      subscribed: 2,
    });
  });

  it('sends change_mode and unsub for later changes while connected', async () => {
    await createFeed();
    feed.subscribe(['RELIANCE'], 'ltpc');
    await feed.start();
    await waitFor(() => feedServer.received.length === 1);
    feed.subscribe(['RELIANCE', 'INFY'], 'full');
    feed.unsubscribe(['RELIANCE']);
    await waitFor(() => feedServer.received.length === 4);
    expect(
      feedServer.received.map((r) => [r.json.method, r.json.data.mode, r.json.data.instrumentKeys]),
    ).toEqual([
      ['sub', 'ltpc', ['NSE_EQ|RELIANCE']],
      ['sub', 'full', ['NSE_EQ|INFY']],
      ['change_mode', 'full', ['NSE_EQ|RELIANCE']],
      ['unsub', undefined, ['NSE_EQ|RELIANCE']],
    ]);
  });

  it('emits decoded ticks and records when data last arrived', async () => {
    await createFeed();
    const ticks: Tick[] = [];
    feed.onTick((tick) => ticks.push(tick));
    feed.subscribe(['RELIANCE'], 'ltpc');
    await feed.start();
    await waitFor(() => feed.health().connected);
    feedServer.send(
      ltpcFrame({ [keyOf('RELIANCE')]: { ltp: 2950.55, ltt: clock - 20, ltq: 5, cp: 2931.1 } }),
    );
    await waitFor(() => ticks.length === 1);
    expect(ticks[0]).toMatchObject({ symbol: 'RELIANCE', ltp: 295055, source: 'upstox', receivedTs: clock });
    expect(feed.health().lastDataAt).toBe(clock);
  });

  it('refuses subscriptions beyond Upstox limits with feed_limit', async () => {
    await createFeed();
    const symbols = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    expect(() => feed.subscribe(symbols(5001, 'L'), 'ltpc')).toThrow(/at most 5000 instruments in LTPC/);
    expect(() => feed.subscribe(symbols(2001, 'F'), 'full')).toThrow(
      expect.objectContaining({ code: 'feed_limit' }),
    );
    expect(() => feed.subscribe(symbols(51, 'D'), 'full_d30')).toThrow(/at most 50 instruments/);
    feed.subscribe(symbols(5000, 'L'), 'ltpc');
    expect(() => feed.subscribe(['ONE_MORE'], 'ltpc')).toThrow(/this would make 5001/);
    expect(feed.health().subscribed).toBe(5000);
  });

  it('treats a silent feed as dead while the market is open: reconnects with a new authorize and resubscribes', async () => {
    const logs: string[] = [];
    const logger = { info: (msg: string) => logs.push(msg), warn: (msg: string) => logs.push(msg) };
    await createFeed({ now: createRunningClock(clock), logger });
    feed.subscribe(['RELIANCE'], 'ltpc');
    await feed.start();
    await waitFor(() => feedServer.connections.length === 2, 4000);
    expect(api.count(AUTHORIZE)).toBe(2);
    expect(feedServer.connections[1]?.url).toBe('/feed?requestId=fake&code=2');
    await waitFor(() => feedServer.received.length === 2);
    expect(feedServer.received[1]?.json.data).toEqual({ mode: 'ltpc', instrumentKeys: ['NSE_EQ|RELIANCE'] });
    expect(logs[0]).toMatch(/^Upstox feed dead: no data for 0\.\d s while the market is open/);
    expect(logs.join('\n')).not.toContain('secret-access-token');
  });

  it('keeps a quiet feed open while the market is closed, pinging it', async () => {
    await createFeed({ now: createRunningClock(clock), isMarketOpen: () => false });
    feed.subscribe(['RELIANCE'], 'ltpc');
    await feed.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(feedServer.connections).toHaveLength(1);
    expect(feedServer.pings).toBeGreaterThanOrEqual(4);
    expect(feed.health().status).toBe('connected');
  });

  it('stops retrying and asks for sign-in when authorize rejects the token', async () => {
    await createFeed();
    api.route('GET', /authorize$/, () => invalidTokenReply);
    await feed.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.count(AUTHORIZE)).toBe(1);
    expect(feedServer.connections).toHaveLength(0);
    expect(feed.health()).toMatchObject({
      status: 'auth_required',
      connected: false,
      message: 'Upstox rejected the access token. Sign in to Upstox again to resume live prices.',
      authUrl: 'https://api.upstox.com/v2/login/authorization/dialog?client_id=k',
    });
  });

  it('does not connect with a token past its 03:30 IST expiry', async () => {
    clock = ist('2026-11-24T03:31:00');
    await createFeed();
    await feed.start();
    expect(api.count(AUTHORIZE)).toBe(0);
    expect(feed.health()).toMatchObject({
      status: 'auth_required',
      message: 'Upstox session expired at 03:30 IST. Sign in to Upstox again to resume live prices.',
    });
  });

  it('drops the connection when the token expires while connected', async () => {
    await createFeed();
    feed.subscribe(['RELIANCE'], 'ltpc');
    await feed.start();
    await waitFor(() => feed.health().connected);
    clock = ist('2026-11-24T03:30:00');
    await waitFor(() => feed.health().status === 'auth_required');
    expect(feed.health().connected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.count(AUTHORIZE)).toBe(1);
  });

  it('waits out a rate-limited authorize for at least Retry-After', async () => {
    const waits: number[] = [];
    await createFeed({
      timers: {
        setTimeout: (_callback, ms) => waits.push(ms),
        clearTimeout: () => {},
        setInterval: (callback, ms) => setInterval(callback, ms),
        clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
      },
    });
    api.route('GET', /authorize$/, () => ({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
    }));
    await feed.start();
    expect(waits).toEqual([2000]);
    expect(feed.health()).toMatchObject({
      status: 'connecting',
      message: expect.stringMatching(/rate limit.*reconnecting in 2 s/),
    });
  });

  it('says it is not configured when nobody has signed in', async () => {
    await createFeed({ session: () => null });
    await feed.start();
    expect(feed.health()).toMatchObject({
      status: 'not_configured',
      connected: false,
      authUrl: expect.any(String),
    });
    expect(api.requests).toHaveLength(0);
  });

  it('rejects symbols without an instrument key as unknown_symbol', async () => {
    await createFeed({ resolve: () => undefined });
    expect(() => feed.subscribe(['NOPE'], 'ltpc')).toThrow(
      expect.objectContaining({ code: 'unknown_symbol' }),
    );
  });
});
