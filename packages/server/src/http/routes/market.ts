import { candlesQuerySchema, quotesQuerySchema, symbolSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../core/errors';
import { validate } from '../../core/validate';
import { unknownSymbolError } from '../../engines/market/instruments';
import type { MarketDataService } from '../../engines/market/market-data-service';
import { MarketDataError } from '../../engines/market/market-types';
import type { FeedSubscriptions } from '../../engines/market/subscriptions';
import { CandlesReplyCache } from './candles-reply-cache';

const DAY = 86_400_000;

/** Market data errors are the caller's to fix (unknown symbol, too many instruments): 4xx, never 500. */
function asHttpError(error: unknown): never {
  if (error instanceof MarketDataError) {
    const status = error.code === 'unknown_symbol' ? 404 : error.code === 'feed_limit' ? 400 : 503;
    throw new HttpError(status, error.message, error.code);
  }
  throw error;
}

export interface MarketRouteDeps {
  market: Pick<
    MarketDataService,
    'indexSnapshot' | 'isKnownSymbol' | 'latestQuotes' | 'clock' | 'activeProvider' | 'pipeline' | 'simulator'
  >;
  /** Symbols screens ask for are streamed for a while. */
  feedSubscriptions: Pick<FeedSubscriptions, 'noteScreenRequest'>;
}

/** spec part 1 §7 (api-client market.ts): indices, quotes, candles and the simulator's order book. */
export async function marketRoutes(app: FastifyInstance, { market, feedSubscriptions }: MarketRouteDeps) {
  const candlesReplies = new CandlesReplyCache();
  app.get('/api/market/overview', async () => {
    const snapshot = market.indexSnapshot();
    return {
      success: true,
      data: {
        indices: { NIFTY_50: snapshot.NIFTY_50, SENSEX: snapshot.SENSEX, BANK_NIFTY: snapshot.BANK_NIFTY },
        source: snapshot.source,
        simulated: snapshot.source === 'simulator',
        as_of: new Date(snapshot.ts).toISOString(),
      },
    };
  });

  app.get('/api/market/quotes', async (request) => {
    const { symbols } = validate(quotesQuerySchema, request.query, 'query');
    const unknown = symbols.find((symbol) => !market.isKnownSymbol(symbol));
    if (unknown) asHttpError(unknownSymbolError(unknown));
    feedSubscriptions.noteScreenRequest(symbols);
    const quotes = await market.latestQuotes(symbols).catch(asHttpError);
    return { success: true, data: quotes };
  });

  app.get('/api/market/candles/:symbol', async (request, reply) => {
    const { symbol } = validate(z.object({ symbol: symbolSchema }), request.params, 'path');
    const query = validate(candlesQuerySchema, request.query, 'query');
    if (!market.isKnownSymbol(symbol)) asHttpError(unknownSymbolError(symbol));
    feedSubscriptions.noteScreenRequest([symbol]);
    const to = query.to ? new Date(query.to) : new Date(market.clock.now());
    const from = query.from
      ? new Date(query.from)
      : new Date(to.getTime() - (query.interval === '1d' ? 90 * DAY : DAY));
    if (from > to) throw new HttpError(400, 'from must be before to', 'validation_failed');
    if (query.interval === '1m' && to.getTime() - from.getTime() > 7 * DAY) {
      throw new HttpError(400, 'Ask for at most 7 days of 1-minute candles at a time', 'validation_failed');
    }
    const past = await market.activeProvider
      .historicalCandles(symbol, query.interval, from, to)
      .catch(asHttpError);
    // Today's bars come from the live pipeline; history from the provider. The pipeline starts from
    // the provider's recent bars, so only its bars newer than the provider's last one are added.
    const after = Math.max(from.getTime(), (past.at(-1)?.openTime ?? Number.NEGATIVE_INFINITY) + 1);
    const today =
      query.interval === '1m'
        ? market.pipeline
            .minuteBars(symbol)
            .filter((bar) => bar.openTime >= after && bar.openTime <= to.getTime())
        : [];
    const json = candlesReplies.reply(symbol, query.interval, past, today);
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/market/book/:symbol', async (request) => {
    const { symbol } = validate(z.object({ symbol: symbolSchema }), request.params, 'path');
    if (!market.isKnownSymbol(symbol)) asHttpError(unknownSymbolError(symbol));
    if (market.activeProvider.source !== 'simulator') {
      throw new HttpError(
        503,
        'Market depth comes with the live feed in full mode; it is not available from this source.',
        'not_available',
      );
    }
    return { success: true, data: market.simulator.orderBook(symbol) };
  });
}
