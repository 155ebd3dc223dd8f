import type { Logger } from 'pino';
import { findIndexFeed, findInstrument } from './instruments';
import type { MarketDataService } from './market-data-service';
import { UpstoxFeed, type UpstoxFeedOptions } from './providers/upstox';
import type { UpstoxRestClient } from './providers/upstox/upstox-rest-client';
import { YahooProvider } from './providers/yahoo';

/**
 * What the feeds read of the trader's Upstox account. The broker's account implements it; the
 * market declares it so that it needs nothing from the engines above it.
 */
export interface UpstoxSessionSource {
  session: UpstoxFeedOptions['session'];
  readonly configured: boolean;
  readonly rest: UpstoxRestClient;
}

/** The part of the configuration the real feeds read. */
export interface RealFeedsConfig {
  yahoo: { enabled: boolean; baseUrl?: string };
}

/** A stock of the catalogue, or one of the three indices (named by its IndexId). */
const resolve = (symbol: string) => {
  const instrument = findInstrument(symbol) ?? findIndexFeed(symbol);
  return instrument
    ? { instrumentKey: instrument.instrumentKey, yahooSymbol: instrument.yahooSymbol }
    : undefined;
};

/** The real feeds: Upstox always (it reports not configured until connected), Yahoo when enabled. */
export function createRealFeeds(
  config: RealFeedsConfig,
  account: UpstoxSessionSource,
  market: MarketDataService,
  logger: Logger,
) {
  const upstox = new UpstoxFeed({
    session: () => account.session(),
    resolve,
    symbolForInstrumentKey: (key) => findInstrument(key)?.symbol ?? findIndexFeed(key)?.id,
    isMarketOpen: () => market.clock.isOpen(),
    authUrl: () => (account.configured ? '/api/upstox/connect' : null),
    rest: account.rest,
    logger: { info: (msg) => logger.info(msg), warn: (msg) => logger.warn(msg) },
    now: market.clock.now,
  });
  market.register(upstox);
  const yahoo = config.yahoo.enabled
    ? new YahooProvider({
        resolve,
        baseUrl: config.yahoo.baseUrl,
        logger: { warn: (msg) => logger.warn(msg) },
        now: market.clock.now,
      })
    : null;
  if (yahoo) market.register(yahoo);
  return { upstox, yahoo };
}
