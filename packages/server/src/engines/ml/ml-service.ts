import { createInsight, type Insight } from './insight';
import type { MlServiceDependencies } from './ml-types';
import { createModelEngine, type ModelEngine } from './models';
import { marketReaders } from './models/market-readers';
import { createNewsPipeline, type NewsPipeline } from './news';
import { newsOfGeneratedHistory, withPastNews } from './past-news';

/** The ML service: news & sentiment, the model engine and insight, started and stopped together. */
export interface MlService {
  /** Null when the news pipeline could not be built: sentiment features are then 0 and the news model has no view. */
  news: NewsPipeline | null;
  models: ModelEngine;
  /** Null when insight could not be built: its calls answer 503. */
  insight: Insight | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds and wires the three parts. Each fails alone: a part that cannot be built or started is
 * logged and left out, the others keep running, and trading never waits on any of them (the loop's
 * ML signal source gives no view when the engine fails).
 */
export function createMlService(deps: MlServiceDependencies): MlService {
  const { logger, now, market } = deps;
  const news = attempt(logger, 'the news pipeline', () =>
    createNewsPipeline({
      ...{ market, logger, now, mode: deps.mode, feedEnabled: deps.newsFeedEnabled },
      customFeeds: deps.customNewsFeeds,
    }),
  );
  const readers = marketReaders(market);
  const models = createModelEngine({
    predictions: deps.predictions,
    ...readers,
    walkForward:
      deps.walkForward === false
        ? undefined
        : readers.walkForward(deps.walkForwardRunner, (history) =>
            withPastNews(history, newsOfGeneratedHistory(market.history)),
          ),
    sentiment: () => news,
    now,
    logger,
  });
  const service: MlService = {
    news,
    models,
    insight: attempt(logger, 'ML insight', () =>
      createInsight({
        market,
        news,
        models,
        trades: deps.trades,
        tradeSteps: deps.tradeSteps,
        closedTrades: deps.closedTrades,
        now,
        logger,
      }),
    ),
    start: async () => {
      await attemptAsync(logger, 'the news pipeline', async () => service.news?.start());
      models.start();
      await attemptAsync(logger, 'ML insight', async () => service.insight?.start());
    },
    stop: async () => {
      models.stop();
      service.news?.stop();
      await service.insight?.stop();
    },
  };
  return service;
}

function attempt<T>(logger: MlServiceDependencies['logger'], what: string, build: () => T): T | null {
  try {
    return build();
  } catch (error) {
    logger.error({ err: error }, `${what} could not be built; the rest of the ML service runs without it`);
    return null;
  }
}

async function attemptAsync(
  logger: MlServiceDependencies['logger'],
  what: string,
  run: () => Promise<unknown>,
) {
  try {
    await run();
  } catch (error) {
    logger.error({ err: error }, `${what} could not start; the rest of the ML service runs without it`);
  }
}
