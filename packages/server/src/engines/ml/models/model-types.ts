// Shapes shared by the learners, the engine and the routes (issue 15 items 2–4).

/** What one prediction sees: computed once per symbol per minute and stored with the prediction. */
export interface Observation {
  /** FEATURE_NAMES order, each scaled to a unit-ish range (see features.ts). */
  x: number[];
  /** The last PATTERN_BARS one-minute returns, z-scored within the window: the shape of recent bars. */
  pattern: number[];
  /** The transparent rules' scores (−1..1) on the same bars. */
  momentumScore: number;
  meanReversionScore: number;
  /** News sentiment (−1..1), null when no headline names the stock / its sector. */
  stockSentiment: number | null;
  sectorSentiment: number | null;
}

/** A resolved example: the observation and whether the price was higher after the horizon (1) or not (0). */
export interface LabelledObservation {
  observation: Observation;
  up: 0 | 1;
}

/** One model's view: probability of "up over the horizon" and the reasons in a trader's words. */
export interface ModelVote {
  probability: number;
  reasons: string[];
}

/**
 * An online learner: predicts P(up), learns from one resolved example at a time, and can save and
 * restore its whole state (JSON-safe), which is how an update is rolled back and how it survives a restart.
 */
export interface Learner {
  readonly name: string;
  readonly description: string;
  predict(observation: Observation): ModelVote;
  /** P(up) alone, without reasons: what the holdout check calls, hundreds of times per update. */
  probability(observation: Observation): number;
  update(example: LabelledObservation): void;
  snapshot(): unknown;
  restore(state: unknown): void;
}

export const MODEL_NAMES = [
  'logistic_regression',
  'momentum',
  'mean_reversion',
  'naive_bayes',
  'pattern_knn',
  'news_sentiment',
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];
