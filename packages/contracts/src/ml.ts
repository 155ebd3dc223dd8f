import { z } from 'zod';

// The ML and news services are not built yet: these schemas are lenient (every field optional,
// unknown fields kept) so the first server version can grow into them without breaking a screen.

const score = z.number().nullish();

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
    })
    .nullish(),
  learning_metrics: z
    .looseObject({
      learning_active: z.boolean().nullish(),
      recent_learning_events: score,
    })
    .nullish(),
  performance_trends: z
    .looseObject({ win_rate: score, average_return: score, sharpe_ratio: score })
    .nullish(),
  shortcomings_analysis: z.looseObject({ recommendations: z.array(z.string()).nullish() }).nullish(),
});
export type MlIntelligenceMetrics = z.infer<typeof mlIntelligenceMetricsSchema>;

/** GET /api/ml/intelligence-metrics: spec part 1 §7 reads success, data, error. */
export const mlIntelligenceMetricsResponseSchema = z.looseObject({
  success: z.boolean(),
  data: mlIntelligenceMetricsSchema.nullish(),
  error: z.string().nullish(),
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
