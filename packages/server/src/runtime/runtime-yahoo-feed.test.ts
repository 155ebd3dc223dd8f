import { INDEX_FEED_INSTRUMENTS } from '../engines/market/instruments';
import {
  chartBody,
  type FakeChart,
  FakeYahooServer,
} from '../engines/market/providers/yahoo/test-support/fake-yahoo-server';
import { buildTestApp, createRunningClock, TEST_EPOCH, type TestApp } from '../test-support';
import { until } from '../test-support/real-feed-harness';

const BAR_TIME = TEST_EPOCH / 1000 - 60;
const chart = (price: number, previousClose: number): FakeChart => ({
  price,
  previousClose,
  marketTime: BAR_TIME,
  dayVolume: 1_000_000,
  timestamps: [BAR_TIME],
  bars: { open: [previousClose], high: [price], low: [previousClose], close: [price], volume: [1000] },
});

describe('paper mode on Yahoo Finance (Upstox not connected), faked on 127.0.0.1', () => {
  let yahoo: FakeYahooServer;
  let testApp: TestApp;

  beforeEach(async () => {
    yahoo = new FakeYahooServer();
    yahoo.replies.set('RELIANCE.NS', { status: 200, body: chartBody('RELIANCE.NS', chart(1512.4, 1500)) });
    yahoo.replies.set('^NSEI', { status: 200, body: chartBody('^NSEI', chart(26_052, 26_000)) });
    testApp = await buildTestApp({
      now: createRunningClock(),
      config: { yahoo: { enabled: true, baseUrl: await yahoo.listen() }, replayHistory: false },
    });
    await testApp.runtime.start();
  });

  afterEach(async () => {
    await testApp.services.market.stop();
    await testApp.close();
    await yahoo.close();
  });

  it('fills the polling list with the indices and the universe before the first poll, and streams what it reads', async () => {
    const { services } = testApp;
    services.tradingMode.change('paper');
    await until(() => services.market.activeProvider.source === 'yahoo', 'Yahoo as the source');
    const polled = () =>
      new Set(yahoo.requests.map((url) => decodeURIComponent(url.pathname.split('/').at(-1)!)));
    const wanted = [
      ...INDEX_FEED_INSTRUMENTS.map((index) => index.yahooSymbol),
      ...services.market.instruments.map((instrument) => instrument.yahooSymbol),
    ];
    await until(() => wanted.every((symbol) => polled().has(symbol)), 'a poll of every symbol');
    expect(services.market.health('yahoo')).toMatchObject({ subscribed: wanted.length, mode: 'ltpc' });
    expect(services.feedSubscriptions.figures()).toMatchObject({ source: 'yahoo', dropped: 0 });

    await until(() => services.market.pipeline.lastTicks.get('RELIANCE')?.source === 'yahoo', 'a Yahoo tick');
    expect(services.market.lastPrice('RELIANCE')).toBe(151_240);
    expect(services.market.indexSnapshot().NIFTY_50).toMatchObject({ value: 26_052, previous_close: 26_000 });
  });
});
