// The seams between the ML service's parts (issue 15): news & sentiment (M1) and models (M2).
// The parts import these from here, not from ml-types.ts, so the top of ml (ml-types, index,
// ml-service) stays the only importer of insight and no file cycle forms.
import type { SignalSource } from '../signals';

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

/** M1: packages/server/src/engines/ml/news/index.ts `createNewsPipeline(deps)`. */
export interface NewsPipeline extends SentimentReader {
  start(): void | Promise<void>;
  stop(): void;
  // M1 owns these shapes; the routes read them through services.ml.news.
  headlines(options?: unknown): unknown;
  marketSentiment(): unknown;
  status(): unknown;
}

/** M2: packages/server/src/engines/ml/models/index.ts `createModelEngine(deps)`; shapes in ml/models/model-types.ts. */
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
