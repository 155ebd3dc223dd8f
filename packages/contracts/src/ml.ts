import { z } from 'zod';
import { fractionSchema, mlHealthBandSchema } from './ml-status';
import { newsWindowSchema } from './news';

export * from './ml-enhancements';
export * from './ml-status';

// The dashboard's readers below are lenient (every field optional, unknown fields kept): the
// dashboard must keep working while the ML service grows. The server answers with the strict
// mlIntelligenceMetricsDataSchema further down, which every lenient reader accepts.

const score = z.number().nullish();

/** spec part 2 §3: a recommendation of the shortcomings analysis. */
export const mlRecommendationSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
});
export type MlRecommendation = z.infer<typeof mlRecommendationSchema>;

/**
 * spec part 1 §3 "ML metrics". Health, quality and rates are fractions 0–1 (the §9 health bands
 * sit at 0.8, 0.6 and 0.4); average_return is a fraction too; sharpe_ratio is a plain ratio.
 */
export const mlIntelligenceMetricsSchema = z.looseObject({
  system_health: z
    .looseObject({
      overall_health: score,
      learning_health: score,
      model_health: score,
      critical_alerts: score,
      emergency_alerts: score,
    })
    .nullish(),
  decision_quality: z
    .looseObject({
      average_quality_score: score,
      approval_rates: z.looseObject({ approved: score }).nullish(),
      quality_trend: z.string().nullish(),
      decisions_measured: score,
    })
    .nullish(),
  learning_metrics: z
    .looseObject({
      learning_active: z.boolean().nullish(),
      recent_learning_events: score,
    })
    .nullish(),
  performance_trends: z
    .looseObject({ win_rate: score, average_return: score, sharpe_ratio: score, closed_trades: score })
    .nullish(),
  shortcomings_analysis: z
    .looseObject({
      // The server sends spec part 2's {title, description, priority}; the dashboard lists titles.
      recommendations: z
        .array(z.union([z.string(), mlRecommendationSchema.transform((item) => item.title)]))
        .nullish(),
    })
    .nullish(),
});
export type MlIntelligenceMetrics = z.infer<typeof mlIntelligenceMetricsSchema>;

/** GET /api/ml/intelligence-metrics: spec part 1 §7 reads success, data, error. */
export const mlIntelligenceMetricsResponseSchema = z.looseObject({
  success: z.boolean(),
  data: mlIntelligenceMetricsSchema.nullish(),
  error: z.string().nullish(),
});

const count = z.number().int().min(0);

/**
 * What the server sends for GET /api/ml/intelligence-metrics: spec part 1 §3 "ML metrics" and
 * part 2 §3 "intelligence metrics", every score measured (docs/decisions/0019-ml-health.md) or null
 * with a note. A strict subset of what mlIntelligenceMetricsSchema accepts.
 */
export const mlIntelligenceMetricsDataSchema = z.object({
  system_health: z.object({
    overall_health: fractionSchema.nullable(),
    overall_band: mlHealthBandSchema,
    learning_health: fractionSchema.nullable(),
    model_health: fractionSchema.nullable(),
    memory_health: fractionSchema.nullable(),
    knowledge_health: fractionSchema.nullable(),
    /** spec part 2 §4: improving or stable (declining when it fell). */
    health_trend: z.enum(['improving', 'stable', 'declining']),
    monitoring_active: z.boolean(),
    critical_alerts: count,
    emergency_alerts: count,
  }),
  decision_quality: z.object({
    average_quality_score: fractionSchema.nullable(),
    approval_rates: z.object({ approved: fractionSchema.nullable(), rejected: fractionSchema.nullable() }),
    quality_trend: z.enum(['improving', 'stable', 'declining']),
    decisions_measured: count,
  }),
  learning_metrics: z.object({
    learning_active: z.boolean(),
    adapting: z.boolean(),
    recent_learning_events: count,
    learning_event_breakdown: z.object({
      model_updates: count,
      pattern_recognition: count,
      strategy_refinements: count,
    }),
    adaptation_performance: z.object({
      adaptation_score: fractionSchema.nullable(),
      success_rate: fractionSchema.nullable(),
    }),
    learning_health: fractionSchema.nullable(),
  }),
  performance_trends: z.object({
    /** Share of closed trades that made money after charges. */
    win_rate: fractionSchema.nullable(),
    /** Mean return per closed trade, a fraction. */
    average_return: z.number().nullable(),
    /** Mean over standard deviation of the closed trades' returns (per trade, not annualised). */
    sharpe_ratio: z.number().nullable(),
    closed_trades: count,
  }),
  shortcomings_analysis: z.object({ recommendations: z.array(mlRecommendationSchema) }),
  computed: z.boolean(),
  note: z.string().nullable(),
  built_at: z.string().nullable(),
});
export type MlIntelligenceMetricsData = z.infer<typeof mlIntelligenceMetricsDataSchema>;

export const mlIntelligenceMetricsDataResponseSchema = z.object({
  success: z.literal(true),
  data: mlIntelligenceMetricsDataSchema,
});

/**
 * spec part 1 §3 "Sentiment": overall.score 0–1 with its confidence and the news count; part 2 §3
 * spells the same reading overall_sentiment (−1 to 1) with change_24h and bullish/bearish topics.
 */
export const marketSentimentSchema = z.looseObject({
  overall: z.looseObject({ score: z.number(), confidence: score }).nullish(),
  overall_sentiment: score,
  change_24h: score,
  confidence: score,
  sources: z.looseObject({ news: z.looseObject({ count: score }).nullish() }).nullish(),
  trending_topics: z.array(z.string()).nullish(),
  bullish_topics: z.array(z.string()).nullish(),
  bearish_topics: z.array(z.string()).nullish(),
  /** The span the figures cover (decision 0060): after a weekend, the last session's; absent from older servers. */
  window: newsWindowSchema.nullish(),
});
export type MarketSentiment = z.infer<typeof marketSentimentSchema>;

/** GET /api/ml/sentiment/market: the sentiment at the top level or inside `data`. */
export const marketSentimentResponseSchema = z.looseObject({
  success: z.boolean().nullish(),
  sentiment: marketSentimentSchema.nullish(),
  data: z.looseObject({ sentiment: marketSentimentSchema.nullish() }).nullish(),
  error: z.string().nullish(),
});

/** spec part 1 §3 "News": one headline; sentiment is positive, negative or anything else. */
export const newsHeadlineSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  title: z.string(),
  summary: z.string().nullish(),
  sentiment: z.string().nullish(),
  timestamp: z.string().nullish(),
  source: z.string().nullish(),
});
export type NewsHeadline = z.infer<typeof newsHeadlineSchema>;

/** GET /api/news: data.headlines. */
export const newsResponseSchema = z.looseObject({
  success: z.boolean().nullish(),
  data: z.looseObject({ headlines: z.array(newsHeadlineSchema) }),
  error: z.string().nullish(),
});
