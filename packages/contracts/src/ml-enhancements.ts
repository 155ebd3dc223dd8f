import { z } from 'zod';
import { fractionSchema } from './ml-status';

// spec part 2 §3 "Enhancements": the ML Enhancements tab's calls. The model engine
// (packages/server/src/engines/ml/models) measures these; null means "not measured yet" and `note` says why.

const count = z.number().int().min(0);
const isoTime = z.string();

/** spec part 2 §4 badges: Active (active), Initializing (enabled, not active), Inactive. */
export const enhancementStateSchema = z.object({
  active: z.boolean(),
  enabled: z.boolean(),
  /** Why it is not active yet, in a sentence; null when active. */
  reason: z.string().nullable(),
});
export type EnhancementState = z.infer<typeof enhancementStateSchema>;

/** GET /api/ml/enhancements/status. */
export const enhancementsStatusSchema = z.object({
  ensemble: enhancementStateSchema,
  explainability: enhancementStateSchema,
  online_learning: enhancementStateSchema,
  sentiment_analysis: enhancementStateSchema,
});
export type EnhancementsStatus = z.infer<typeof enhancementsStatusSchema>;

export const ensembleModelSchema = z.object({
  active: z.boolean(),
  /** Hedge weight; the six weights sum to 1. */
  weight: fractionSchema,
  /** Share of resolved predictions whose direction was right; null before the first resolves. */
  accuracy: fractionSchema.nullable(),
  /** Share of resolved directional calls that would have gained over the horizon. */
  win_rate: fractionSchema.nullable(),
  prediction_count: count,
});
export type EnsembleModel = z.infer<typeof ensembleModelSchema>;

/**
 * The ensemble's out-of-sample record from the walk-forward over the market's past sessions at start
 * (docs/decisions/0017): each scored prediction made before its outcome was learned. The edge is the
 * smaller of the ensemble's mean accuracy leads over always-up and over a coin, per session, with a
 * 95 % interval taking sessions as the unit; `say` is the share of its vote the loop gives it (0..1).
 */
export const outOfSampleSchema = z.object({
  status: z.enum(['not_run', 'running', 'complete', 'failed']),
  sessions: count,
  scored_sessions: count,
  predictions: count,
  accuracy: fractionSchema.nullable(),
  always_up_accuracy: fractionSchema.nullable(),
  coin_accuracy: fractionSchema.nullable(),
  edge: z.number().nullable(),
  edge_low: z.number().nullable(),
  edge_high: z.number().nullable(),
  say: fractionSchema,
  /** In a sentence: what was measured, or why nothing was. */
  note: z.string(),
});
export type OutOfSample = z.infer<typeof outOfSampleSchema>;

/** GET /api/ml/ensemble/status (spec part 2 §9: 6 models). */
export const ensembleStatusSchema = z.object({
  total_predictions: count,
  resolved_predictions: count,
  ensemble_accuracy: fractionSchema.nullable(),
  /** Times the weights were updated from resolved outcomes. */
  model_rebalances: count,
  models: z.record(z.string(), ensembleModelSchema),
  /** What is predicted, e.g. "direction over the next 30 minutes". */
  horizon: z.string(),
  note: z.string().nullable(),
  /** Absent from a server older than the walk-forward. */
  out_of_sample: outOfSampleSchema.optional(),
});
export type EnsembleStatus = z.infer<typeof ensembleStatusSchema>;

/** GET /api/ml/explainability/status. */
export const explainabilityStatusSchema = z.object({
  total_explanations: count,
  /** Exact additive (SHAP-equivalent for linear models) explanations among them. */
  shap_explanations: count,
  avg_confidence: fractionSchema.nullable(),
  cache_size: count,
  method: z.string(),
  note: z.string().nullable(),
});
export type ExplainabilityStatus = z.infer<typeof explainabilityStatusSchema>;

/** GET /api/ml/online-learning/status. */
export const onlineLearningStatusSchema = z.object({
  total_updates: count,
  successful_updates: count,
  rollbacks: count,
  /** Mean holdout improvement (log-loss drop) of kept updates; null before the first. */
  avg_improvement: z.number().nullable(),
  models_updated: count,
  is_updating: z.boolean(),
  last_update_time: isoTime.nullable(),
  /** The learners' step size, when they have one. */
  learning_rate: z.number().nullable().optional(),
  /** Updates tried in the last 24 hours. */
  updates_last_24h: count.optional(),
  note: z.string().nullable(),
});
export type OnlineLearningStatus = z.infer<typeof onlineLearningStatusSchema>;

export const featureContributionSchema = z.object({
  feature: z.string(),
  value: z.number(),
  mean: z.number(),
  weight: z.number(),
  /** weight × (value − mean): these sum with base_value to the logit. */
  contribution: z.number(),
});
export type FeatureContribution = z.infer<typeof featureContributionSchema>;

/** GET /api/ml/explanations/:symbol — the newest prediction's reasons. */
export const predictionExplanationSchema = z.object({
  prediction_id: z.number().int(),
  symbol: z.string(),
  model: z.string(),
  direction: z.enum(['up', 'down']),
  probability_up: fractionSchema,
  confidence: fractionSchema,
  horizon: z.string(),
  made_at: isoTime,
  base_value: z.number(),
  logit: z.number(),
  contributions: z.array(featureContributionSchema),
  /** The largest contributions in words, strongest first. */
  top_reasons: z.array(z.string()),
});
export type PredictionExplanation = z.infer<typeof predictionExplanationSchema>;

/** Symbols as the catalogue spells them: NSE tickers (M&M, BAJAJ-AUTO) up to 20 characters. */
export const explanationParamsSchema = z.object({
  symbol: z
    .string()
    .trim()
    .min(1, 'Name a stock, for example RELIANCE.')
    .max(20, 'A stock symbol is at most 20 characters.')
    .regex(/^[A-Za-z0-9&-]+$/, 'A stock symbol has only letters, digits, & and -.')
    .transform((symbol) => symbol.toUpperCase()),
});

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const enhancementsStatusResponseSchema = ok(enhancementsStatusSchema);
export const ensembleStatusResponseSchema = ok(ensembleStatusSchema);
export const explainabilityStatusResponseSchema = ok(explainabilityStatusSchema);
export const onlineLearningStatusResponseSchema = ok(onlineLearningStatusSchema);
export const predictionExplanationResponseSchema = ok(predictionExplanationSchema);
