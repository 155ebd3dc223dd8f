/**
 * The ML engine's memory: its predictions (made, then resolved against the price at the horizon),
 * each model's saved state and the learning counters. What a prediction observed and the counters
 * are the engine's own documents: the repository stores them whole (`TObservation`, `TCounters`).
 */
export interface PredictionsRepository<TObservation, TCounters> {
  /** Stores the batch together. */
  record(predictions: readonly NewPrediction<TObservation>[]): void;
  /** Unresolved predictions due by `now`, earliest first. */
  due(now: number, limit?: number): StoredPrediction<TObservation>[];
  /** Stores the batch of outcomes together. */
  resolve(resolutions: readonly Resolution[]): void;
  /** The latest `limit` predictions with an outcome, oldest first. */
  recentResolved(limit: number): StoredPrediction<TObservation>[];
  /** Newest first, one stock's or all; `limit` is clamped to 1..500 (default 50). */
  list(options?: { symbol?: string; limit?: number }): StoredPrediction<TObservation>[];
  byId(id: number): StoredPrediction<TObservation> | null;
  counts(): PredictionCounts;
  /** Each stock's newest prediction time: after a restart no bar is predicted twice. */
  latestBySymbol(): Map<string, number>;
  /** Drops resolved predictions made before `before` (retention); returns how many. */
  prune(before: number): number;
  loadModels(): Map<string, ModelRecord>;
  /** Saves every model and the counters together. */
  saveModels(models: readonly ModelRecord[], counters: TCounters, rebalances: number, now: number): void;
  loadLearning(): { counters: TCounters; rebalances: number } | null;
}

/** The logistic model's exact explanation as it stood when the prediction was made. */
export interface StoredExplanation {
  /** bias + Σ weight × mean. */
  base: number;
  logit: number;
  /** One per feature, FEATURE_NAMES order. */
  features: { feature: string; value: number; mean: number; weight: number; contribution: number }[];
}

export interface NewPrediction<TObservation> {
  symbol: string;
  madeAt: number;
  dueAt: number;
  horizonMinutes: number;
  pricePaise: number;
  probability: number;
  direction: 'UP' | 'DOWN';
  confidence: number;
  /** Each model's P(up) and its reasons, by model name. */
  votes: Record<string, { probability: number; reasons: string[] }>;
  observation: TObservation;
  explanation: StoredExplanation;
}

export interface StoredPrediction<TObservation> extends NewPrediction<TObservation> {
  id: number;
  resolvedAt: number | null;
  outcomePricePaise: number | null;
  outcomeUp: 0 | 1 | null;
  correct: boolean | null;
}

/** An outcome; `up` null means it expired unresolvable (no price after it was made). */
export interface Resolution {
  id: number;
  at: number;
  pricePaise: number | null;
  up: 0 | 1 | null;
  correct: boolean | null;
}

export interface ModelRecord {
  name: string;
  state: unknown;
  weight: number;
  resolved: number;
  correct: number;
  upCalls: number;
  upWins: number;
}

export interface PredictionCounts {
  total: number;
  resolved: number;
  correct: number;
  pending: number;
  meanConfidence: number | null;
  /** Stocks with at least one prediction (each one's newest can be explained). */
  symbols: number;
}
