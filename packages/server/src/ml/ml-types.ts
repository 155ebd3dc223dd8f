// The seams between the ML service's parts (issue 15): news & sentiment (M1), models (M2), insight (M3).
// Each part implements its interface here; ml/index.ts composes them and routes read services.ml.
import type { Trade, TradingMode } from '@td/contracts';
import type { Logger } from 'pino';
import type { MarketDataService } from '../market/market-data-service';
import type { SignalSource } from '../strategy/signals';
import type { ClosedTrades } from './insight/insight-engine';
import type { PredictionStore } from './models/prediction-store';
import type { CustomRssFeed } from './news/sources/rss-feeds';

/** A stock's or sector's news sentiment: mean lexicon score (−1..1) over `count` recent headlines. */
export interface SentimentReading {
  score: number;
  count: number;
}

/** What the models read from the news pipeline: null when no headline names the stock or sector. */
export interface SentimentReader {
  sentimentBySymbol(symbol: string): SentimentReading | null;
  sentimentBySector(sector: string): SentimentReading | null;
}

/** M1: packages/server/src/ml/news/index.ts `createNewsPipeline(deps)`. */
export interface NewsPipeline extends SentimentReader {
  start(): void | Promise<void>;
  stop(): void;
  // M1 owns these shapes; the routes read them through services.ml.news.
  headlines(options?: unknown): unknown;
  marketSentiment(): unknown;
  status(): unknown;
}

/** M2: packages/server/src/ml/models/index.ts `createModelEngine(deps)`; shapes in ml/models/model-types.ts. */
export interface ModelEngineApi {
  start(): void;
  stop(): void;
  predictions(options?: { symbol?: string; limit?: number }): unknown;
  ensembleStatus(): unknown;
  onlineLearningStatus(): unknown;
  /** A prediction's explanation by its numeric id, or the newest prediction of a symbol; null when none. */
  explain(predictionIdOrSymbol: number | string): unknown;
  explainabilityStatus(): unknown;
  /** The ML ensemble as a signal source: the trading loop and research rank with it. */
  readonly signalSource: SignalSource;
}

/** M3: packages/server/src/ml/insight/index.ts `createInsight(deps)`; the /api/ml/* status calls read it. */
export type { Insight as InsightApi } from './insight';

/** What createMlService needs from the rest of the server. */
export interface MlServiceDependencies {
  /** Where the model engine keeps its predictions, models and learning counters. */
  predictions: PredictionStore;
  market: MarketDataService;
  logger: Logger;
  now: () => number;
  /** The trading mode: mock runs the simulated newswire, paper and live the real feeds. */
  mode?: () => TradingMode;
  /** Every order of the traded account (TradingService.tradesForExport), for insight's decision quality. */
  trades?: () => readonly Trade[];
  /** The closed trades of the account in use (TradingService.closedTradeStats): the ML win rate quotes them. */
  closedTrades?: () => ClosedTrades;
  /** Settings → Data Sources: whether the trader left a built-in news feed on (default: all on). */
  newsFeedEnabled?: (feedId: string) => boolean;
  /** Settings → Data Sources: the trader's enabled custom News RSS sources, each with its SSRF-safe fetch. */
  customNewsFeeds?: () => readonly CustomRssFeed[];
}
