import type { Logger } from 'pino';
import type { UpstoxAccount } from '../broker/upstox-account';
import type { AppConfig } from '../config';
import { findIndexFeed, findInstrument } from './instruments';
import type { MarketDataService } from './market-data-service';
import { UpstoxFeed } from './providers/upstox';
import { YahooProvider } from './providers/yahoo';

/** A stock of the catalogue, or one of the three indices (named by its IndexId). */
const resolve = (symbol: string) => {
  const instrument = findInstrument(symbol) ?? findIndexFeed(symbol);
  return instrument
    ? { instrumentKey: instrument.instrumentKey, yahooSymbol: instrument.yahooSymbol }
    : undefined;
};

/** The real feeds: Upstox always (it reports not configured until connected), Yahoo when enabled. */
export function createRealFeeds(
  config: AppConfig,
  account: UpstoxAccount,
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
