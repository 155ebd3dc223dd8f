import { createRunningClock } from '../../../../test-support/test-clock';
import type { Tick } from '../../market-types';
import { chartBody, type FakeChart, FakeYahooServer } from './test-support/fake-yahoo-server';
import { YahooProvider } from './yahoo-provider';

const OPEN = Date.parse('2026-11-23T09:15:00+05:30') / 1000;
const chart = (price: number, marketTime: number, dayVolume = 1_000_000): FakeChart => ({
  price,
  previousClose: 1515.3,
  marketTime,
  dayVolume,
  timestamps: [OPEN],
  bars: { open: [1516], high: [1520], low: [1515], close: [price], volume: [1000] },
});

const waitFor = async (condition: () => boolean, timeoutMs = 3000) => {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('Timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('YahooProvider', () => {
  let yahoo: FakeYahooServer;
  let provider: YahooProvider;

  const create = async (pollIntervalMs = 50) => {
    provider = new YahooProvider({
      baseUrl: await yahoo.listen(),
      resolve: (symbol) =>
        symbol === 'UNLISTED'
          ? undefined
          : { instrumentKey: `NSE_EQ|${symbol}`, yahooSymbol: `${symbol}.NS` },
      pollIntervalMs,
      now: createRunningClock(OPEN * 1000 + 90_000),
    });
    return provider;
  };

  beforeEach(() => {
    yahoo = new FakeYahooServer();
  });
  afterEach(async () => {
    await provider.stop();
    await yahoo.close();
  });

  it('polls subscribed symbols and emits a yahoo tick only when the quote changes', async () => {
    let price = 1519.6;
    let time = OPEN + 60;
    yahoo.replies.set('RELIANCE.NS', () => ({
      status: 200,
      body: chartBody('RELIANCE.NS', chart(price, time)),
    }));
    await create();
    const ticks: Tick[] = [];
    provider.onTick((tick) => ticks.push(tick));
    expect(provider.health()).toMatchObject({ status: 'disconnected', connected: false });
    provider.subscribe(['RELIANCE'], 'full');
    await provider.start();
    expect(ticks).toEqual([
      {
        symbol: 'RELIANCE',
        ltp: 151960,
        ltq: 0,
        volume: 1_000_000,
        previousClose: 151530,
        exchangeTs: (OPEN + 60) * 1000,
        receivedTs: expect.any(Number),
        source: 'yahoo',
      },
    ]);
    await waitFor(() => yahoo.requests.length >= 3);
    expect(ticks).toHaveLength(1);
    price = 1520.05;
    time = OPEN + 120;
    await waitFor(() => ticks.length === 2);
    expect(ticks[1]).toMatchObject({ ltp: 152005, exchangeTs: (OPEN + 120) * 1000 });
  });

  it('is connected only after a successful poll, and says the quotes are delayed', async () => {
    yahoo.replies.set('RELIANCE.NS', { status: 200, body: chartBody('RELIANCE.NS', chart(1519.6, OPEN)) });
    await create(60_000);
    provider.subscribe(['RELIANCE', 'DELISTED'], 'ltpc');
    await provider.start();
    expect(provider.health()).toMatchObject({
      source: 'yahoo',
      status: 'connected',
      connected: true,
      mode: 'ltpc',
      subscribed: 2,
      lastDataAt: expect.any(Number),
      authUrl: null,
      message: expect.stringContaining('Yahoo Finance quotes (delayed ~1 min for NSE)'),
    });
    expect(provider.errorCount).toBe(1);
    expect(provider.health().message).toContain(
      '1 failed requests; last: Yahoo Finance does not know DELISTED.NS',
    );
  });

  it('stays unconnected while every poll fails, counting the errors', async () => {
    yahoo.replies.set('RELIANCE.NS', {
      status: 500,
      body: {
        chart: { result: null, error: { code: 'Internal Server Error', description: 'Try again later' } },
      },
    });
    await create();
    provider.subscribe(['RELIANCE'], 'ltpc');
    await provider.start();
    await waitFor(() => provider.errorCount >= 2);
    expect(provider.health()).toMatchObject({ status: 'connecting', connected: false, lastDataAt: null });
    expect(provider.health().message).toContain('last: Yahoo Finance: Try again later');
  });

  it('backs off after a 429 instead of polling at the normal rate', async () => {
    yahoo.replies.set('RELIANCE.NS', {
      status: 429,
      body: 'Too Many Requests',
      headers: { 'retry-after': '1' },
    });
    await create(20);
    provider.subscribe(['RELIANCE'], 'ltpc');
    await provider.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(yahoo.requests).toHaveLength(1);
    expect(provider.health().message).toContain('polled every 1 s');
  });

  it('serves quotes and candles on demand, and rejects unknown or too many symbols', async () => {
    yahoo.replies.set('RELIANCE.NS', {
      status: 200,
      body: chartBody('RELIANCE.NS', chart(1519.6, OPEN + 60)),
    });
    await create();
    const [quote] = await provider.latestQuotes(['RELIANCE']);
    expect(quote).toMatchObject({ symbol: 'RELIANCE', ltp: 151960, source: 'yahoo' });
    const candles = await provider.historicalCandles(
      'RELIANCE',
      '1m',
      new Date(OPEN * 1000),
      new Date((OPEN + 60) * 1000),
    );
    expect(candles).toHaveLength(1);
    expect(yahoo.requests.at(-1)?.searchParams.get('period1')).toBe(String(OPEN));
    expect(() => provider.subscribe(['UNLISTED'], 'ltpc')).toThrow(
      expect.objectContaining({ code: 'unknown_symbol' }),
    );
    const many = Array.from({ length: 101 }, (_, i) => `S${i}`);
    expect(() => provider.subscribe(many, 'ltpc')).toThrow(expect.objectContaining({ code: 'feed_limit' }));
  });
});
