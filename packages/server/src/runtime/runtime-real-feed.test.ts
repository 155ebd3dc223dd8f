import { FakeUpstoxOrders } from '../engines/broker/live/test-support/fake-upstox-orders';
import { INDEX_FEED_INSTRUMENTS } from '../engines/market/instruments';
import { FakeUpstoxFeedServer } from '../engines/market/providers/upstox/test-support/fake-upstox-feed-server';
import {
  buildTestApp,
  createRunningClock,
  enrolSecondFactorForTest,
  signInForTest,
  type TestApp,
} from '../test-support';
import {
  feedIndex,
  feedTrade,
  instrumentKey,
  routeSignInAndQuotes,
  signInToUpstox,
  subscribedKeys,
  until,
} from '../test-support/real-feed-harness';

const INDEX_KEYS = INDEX_FEED_INSTRUMENTS.map((index) => index.instrumentKey);

describe('the product on a real feed: Upstox over HTTP and its V3 WebSocket, faked on 127.0.0.1', () => {
  let upstox: FakeUpstoxOrders;
  let feed: FakeUpstoxFeedServer;
  let testApp: TestApp;
  let headers: Record<string, string>;
  // A fixed trading morning (09:30 IST, Monday 5 January 2026) that runs on in real time.
  const now = createRunningClock();

  beforeEach(async () => {
    upstox = new FakeUpstoxOrders();
    const baseUrl = await upstox.listen();
    feed = new FakeUpstoxFeedServer();
    upstox.api.feedUrl = await feed.url();
    // REST quotes a minute old at ₹1,400: whatever the stream says later must win.
    routeSignInAndQuotes(upstox, 1400, now() - 60_000);
    testApp = await buildTestApp({
      now,
      config: {
        upstox: { clientId: 'client-1', clientSecret: 'shh', redirectUri: 'http://localhost/cb', baseUrl },
        tradingLoop: true,
        replayHistory: false,
      },
    });
    await testApp.runtime.start();
    const session = await signInForTest(testApp);
    ({ headers } = session);
    // Live mode needs two-step sign-in on.
    await enrolSecondFactorForTest(testApp, session);
    await signInToUpstox(testApp.services);
  });

  afterEach(async () => {
    await testApp.services.market.stop();
    await testApp.close();
    await feed.close();
    await upstox.close();
  });

  const get = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  /** Switches the mode and waits for the feed to be asked for the universe; returns the keys asked in full. */
  async function switchTo(mode: 'paper' | 'live'): Promise<Set<string>> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/trading/mode',
      headers,
      payload: { mode },
    });
    expect(response.statusCode).toBe(200);
    await until(() => feed.received.some((r) => r.json.method === 'sub'), 'a subscription on the feed');
    expect(testApp.services.market.activeProvider.source).toBe('upstox');
    return subscribedKeys(feed.received, 'full');
  }

  it('paper mode: subscribes the universe, streams ticks into quotes, index levels and figures, and the loop exits on them', async () => {
    const { services } = testApp;
    const full = await switchTo('paper');
    // The three indices and every symbol the loop ranks, in full: 3 + the catalogue.
    for (const key of INDEX_KEYS) expect(full.has(key)).toBe(true);
    for (const instrument of services.market.instruments)
      expect(full.has(instrument.instrumentKey)).toBe(true);
    expect(full.size).toBe(services.market.instruments.length + 3);
    expect(services.feedSubscriptions.figures()).toEqual({
      source: 'upstox',
      full: full.size,
      ltpc: 0,
      downgraded: 0,
      dropped: 0,
    });

    const before = await get('/api/tick-streaming/dashboard');
    await feedTrade(feed, services, 'RELIANCE', 1500, now(), 1480);
    feedIndex(feed, 'NSE_INDEX|Nifty 50', 26_130.45, 26_000, now());
    await until(() => services.market.indexSnapshot().NIFTY_50?.value === 26_130.45, 'the NIFTY 50 level');

    // The quote carries the streamed price, not the minute-old REST one.
    const [quote] = await get('/api/market/quotes?symbols=RELIANCE');
    expect(quote).toMatchObject({
      symbol: 'RELIANCE',
      ltp: 150_000,
      previousClose: 148_000,
      source: 'upstox',
    });
    expect((await get('/api/market/overview')).indices.NIFTY_50).toMatchObject({
      value: 26_130.45,
      change: 130.45,
    });

    const after = await get('/api/tick-streaming/dashboard');
    expect(after.source).toBe('upstox');
    expect(after.health.ticks_per_minute).toBeGreaterThan(before.health.ticks_per_minute);
    expect(after.health).toMatchObject({ is_streaming: true, is_connected: true });
    expect(after.health.last_tick_time).not.toBe(before.health.last_tick_time);
    expect(after.websocket_health.upstox_feed).toEqual({ active: true, mode: 'full', symbols: full.size });

    // A paper holding bought at the streamed price; the stream then drops 20 %: the loop sells at the stop.
    const buy = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { symbol: 'RELIANCE', side: 'BUY', quantity: 10 },
    });
    expect(buy.statusCode).toBe(201);
    expect(buy.json().data.averagePrice).toBeCloseTo(150_000, -3);
    await feedTrade(feed, services, 'RELIANCE', 1200, now(), 1480);
    services.tradingLoop.runOnce(now());
    const exit = services.tradingLoop
      .state()
      .recentDecisions.find((d) => d.symbol === 'RELIANCE' && d.side === 'SELL');
    expect(exit).toMatchObject({ quantity: 10, outcome: 'filled', reason: 'stop loss reached' });
    const sale = services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).orders[0]!;
    expect(sale).toMatchObject({ symbol: 'RELIANCE', side: 'SELL', status: 'FILLED' });
    expect(sale.averagePrice).toBeCloseTo(120_000, -3);
  });

  it('resubscribes everything on a new connection after the feed drops', async () => {
    const full = await switchTo('paper');
    const asked = feed.received.length;
    feed.connections.at(-1)!.socket.terminate();
    await until(() => feed.connections.length === 2 && feed.received.length > asked, 'the resubscription');
    expect(subscribedKeys(feed.received.slice(asked), 'full')).toEqual(full);
    await feedTrade(feed, testApp.services, 'TCS', 3210.5, now());
  });

  it('live mode: subscribes the universe and the live holdings, and the live loop sells a holding the stream shows falling', async () => {
    const { services } = testApp;
    const infy = instrumentKey('INFY');
    upstox.positions = [
      {
        instrument_token: infy,
        product: 'D',
        quantity: 10,
        average_price: 1600,
        day_buy_quantity: 10,
        day_buy_value: 16_000,
        day_sell_quantity: 0,
        day_sell_value: 0,
        trading_symbol: 'INFY',
      },
    ];
    const full = await switchTo('live');
    expect(services.liveLoop.isRunning()).toBe(true);
    for (const key of [...INDEX_KEYS, infy, instrumentKey('RELIANCE')]) expect(full.has(key)).toBe(true);

    await feedTrade(feed, services, 'INFY', 1280, now(), 1600);
    const [quote] = await get('/api/market/quotes?symbols=INFY');
    expect(quote).toMatchObject({ ltp: 128_000, source: 'upstox' });

    await services.liveLoop.tick();
    const exit = services.liveLoop
      .state()
      .recentDecisions.find((d) => d.symbol === 'INFY' && d.side === 'SELL');
    expect(exit).toMatchObject({ quantity: 10, reason: 'stop loss reached' });
    await until(() => upstox.placed().length > 0, 'the sell at Upstox');
    expect(upstox.placed()[0]).toMatchObject({
      instrument_token: infy,
      transaction_type: 'SELL',
      quantity: 10,
    });
  });
});
