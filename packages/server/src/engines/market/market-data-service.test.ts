import type { Logger } from 'pino';
import { StreamHub } from '../stream/stream-hub';
import { MarketDataService } from './market-data-service';
import type { Candle, MarketDataProvider, ProviderHealth } from './market-types';

const NOW = Date.parse('2026-11-25T06:00:00Z');
const warnings: unknown[][] = [];
const logger = {
  info() {},
  warn: (...args: unknown[]) => warnings.push(args),
  error() {},
  debug() {},
} as unknown as Logger;

function bars(symbol: string, count: number, endOpenTime: number): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    symbol,
    interval: '1m' as const,
    openTime: endOpenTime - (count - 1 - i) * 60_000,
    open: 100_00 + i,
    high: 100_00 + i,
    low: 100_00 + i,
    close: 100_00 + i,
    volume: 10,
    source: 'yahoo' as const,
  }));
}

/** A real feed's stand-in: intraday history for every symbol but the ones told to fail. */
function fakeFeed(failing: ReadonlySet<string> = new Set()) {
  const asked: string[] = [];
  const feed: MarketDataProvider = {
    source: 'yahoo',
    start: async () => {},
    stop: async () => {},
    subscribe() {},
    unsubscribe() {},
    onTick: () => () => {},
    latestQuotes: async () => [],
    historicalCandles: async (symbol, interval, from, to) => {
      asked.push(`${symbol} ${interval} ${to.getTime() - from.getTime()}`);
      if (failing.has(symbol)) throw new Error('rate limited');
      return bars(symbol, 90, NOW - 60_000);
    },
    health: () => ({ source: 'yahoo', connected: true }) as ProviderHealth,
  };
  return { feed, asked };
}

function service() {
  return new MarketDataService(
    { seed: 7, ticksPerSecond: 0, historySessions: 2, continuousSession: true },
    new StreamHub({ verifyToken: () => null, isKnownSymbol: () => true }),
    logger,
    () => NOW,
  );
}

describe('MarketDataService seeds the 1-minute bars signals need', () => {
  afterEach(() => {
    warnings.length = 0;
  });

  it("starts every symbol from the simulator's newest generated session, ending where live prices begin", async () => {
    const market = service();
    await market.start();
    await market.minuteBarsSeeded();
    for (const instrument of market.instruments) {
      const seeded = market.pipeline.minuteBars(instrument.symbol);
      expect(seeded).toHaveLength(60);
      expect(seeded.at(-1)!.close).toBe(market.previousClose(instrument.symbol));
    }
    await market.stop();
  });

  it("starts from a real feed's intraday history when it takes over, and says which symbols it could not read", async () => {
    const market = service();
    await market.start();
    const [first, second] = market.instruments;
    const { feed, asked } = fakeFeed(new Set([second!.symbol]));
    await market.use(feed);
    await market.minuteBarsSeeded();
    // The last hour of the feed's own bars, not the simulator's: the two price series never mix.
    expect(market.pipeline.minuteBars(first!.symbol)).toEqual(
      bars(first!.symbol, 90, NOW - 60_000).slice(-60),
    );
    expect(market.pipeline.minuteBars(second!.symbol)).toEqual([]);
    expect(asked).toHaveLength(market.instruments.length);
    expect(asked[0]).toMatch(/ 1m 432000000$/);
    expect(warnings).toEqual([
      [
        expect.objectContaining({ source: 'yahoo', failed: 1, symbols: [second!.symbol] }),
        expect.any(String),
      ],
    ]);
    await market.stop();
  });
});
