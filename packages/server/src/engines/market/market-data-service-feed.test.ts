import type { Logger } from 'pino';
import { StreamHub } from '../stream/stream-hub';
import { MarketDataService } from './market-data-service';
import type { MarketDataProvider, ProviderHealth, Tick, TickListener } from './market-types';

const NOW = Date.parse('2026-11-25T06:00:00Z');
const logger = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

/** A real feed's stand-in that records the order of calls and hands ticks to the listener it is given. */
function recordingFeed(events: string[]) {
  let listener: TickListener = () => {};
  const feed: MarketDataProvider = {
    source: 'upstox',
    start: async () => {
      events.push('start');
    },
    stop: async () => {},
    subscribe: (symbols) => events.push(`subscribe ${symbols.join(',')}`),
    unsubscribe() {},
    onTick: (next) => {
      listener = next;
      return () => {};
    },
    latestQuotes: async () => [],
    historicalCandles: async () => [],
    health: () => ({ source: 'upstox', connected: true }) as ProviderHealth,
  };
  const send = (tick: Partial<Tick> & { symbol: string }) =>
    listener({
      ltp: 0,
      ltq: 0,
      volume: 0,
      previousClose: 0,
      exchangeTs: NOW,
      receivedTs: NOW,
      source: 'upstox',
      ...tick,
    });
  return { feed, send };
}

function service() {
  return new MarketDataService(
    { seed: 7, ticksPerSecond: 0, historySessions: 2, continuousSession: true },
    new StreamHub({ verifyToken: () => null, isKnownSymbol: () => true }),
    logger,
    () => NOW,
  );
}

describe('MarketDataService on a real feed', () => {
  it('tells who decides the subscriptions about a new source before the source starts', async () => {
    const market = service();
    const events: string[] = [];
    const { feed } = recordingFeed(events);
    market.onSourceChange((provider) => provider.subscribe(['NIFTY_50'], 'full'));
    await market.use(feed);
    expect(events).toEqual(['subscribe NIFTY_50', 'start']);
    await market.stop();
  });

  it("shows the index levels the feed streams, and the constituents' level until it does", async () => {
    const market = service();
    const { feed, send } = recordingFeed([]);
    await market.use(feed);
    const computed = market.indexSnapshot().SENSEX;
    send({ symbol: 'NIFTY_50', ltp: 2_613_045, previousClose: 2_600_000 });
    const snapshot = market.indexSnapshot();
    expect(snapshot.NIFTY_50).toEqual({
      value: 26_130.45,
      previous_close: 26_000,
      change: 130.45,
      change_percent: 0.5,
    });
    expect(snapshot.SENSEX).toEqual(computed);
    // An index level is not a trade: it stays out of the tick pipeline.
    expect(market.pipeline.stats().processed).toBe(0);
    await market.stop();
  });
});
