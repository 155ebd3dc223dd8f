import { z } from 'zod';
import { numeric } from './numeric-input';

// The news pipeline's replies (spec part 1 §3 "Sentiment"/"News", part 2 §3 "Enhancements").
// Strict shapes for the server; ml.ts keeps the lenient readers the dashboard parses, and every
// reply here also satisfies them (data.headlines; sentiment with overall.score on 0–1).

export const headlineSentimentSchema = z.enum(['positive', 'negative', 'neutral']);
export type HeadlineSentiment = z.infer<typeof headlineSentimentSchema>;

/** What kind of event a headline reports, when the source says so (the simulated newswire does). */
export const newsEventTypeSchema = z.enum([
  'results_beat',
  'results_miss',
  'guidance_raise',
  'guidance_cut',
  'rating_upgrade',
  'rating_downgrade',
  'order_win',
  'regulatory_action',
  'sector_tailwind',
  'sector_headwind',
]);
export type NewsEventType = z.infer<typeof newsEventTypeSchema>;

/** One scored headline: score −1…1 from the lexicon, confidence 0…1 from how much of it the lexicon knew. */
export const scoredHeadlineSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  sentiment: headlineSentimentSchema,
  score: z.number().min(-1).max(1),
  confidence: z.number().min(0).max(1),
  symbols: z.array(z.string()),
  sectors: z.array(z.string()),
  /** The feed's or newswire's name, e.g. 'Economic Times Markets' or 'Simulated newswire'. */
  source: z.string(),
  url: z.string().nullable(),
  /** ISO 8601, when the source published it. */
  timestamp: z.string(),
  event_type: newsEventTypeSchema.nullable(),
  /** True for the mock-mode newswire: simulated news is labelled as such. */
  simulated: z.boolean(),
});
export type ScoredHeadline = z.infer<typeof scoredHeadlineSchema>;

/** GET /api/news?limit=: newest first. */
export const newsQuerySchema = z.object({
  limit: numeric(
    z
      .number({ error: 'limit must be a whole number from 1 to 200' })
      .int('limit must be a whole number from 1 to 200')
      .min(1, 'limit must be a whole number from 1 to 200')
      .max(200, 'limit must be a whole number from 1 to 200'),
  ).default(50),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9&-]{1,20}$/, 'symbol must be an NSE symbol such as RELIANCE')
    .optional(),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

/**
 * The span the headlines or figures cover: the last 24 h, or, when those hold no headline (the market
 * has been shut over a weekend or a holiday), the IST day of the last session's news, said so.
 */
export const newsWindowSchema = z.object({
  /** ISO 8601. */
  from: z.string(),
  to: z.string(),
  basis: z.enum(['last_24h', 'last_session']),
  /** Why the window is not the last 24 h, in a sentence; null when it is. */
  reason: z.string().nullable(),
});
export type NewsWindow = z.infer<typeof newsWindowSchema>;

export const newsListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    headlines: z.array(scoredHeadlineSchema),
    /** Headlines held in the window, before the limit. */
    total: z.number().int().min(0),
    /** 'simulator' in mock mode, 'rss' when real feeds run, 'none' when neither does. */
    mode: z.enum(['simulator', 'rss', 'none']),
    window: newsWindowSchema,
  }),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

/** spec part 1 §4: improving above 0.1, declining below −0.1, otherwise neutral (on the −1…1 score). */
export const sentimentTrendSchema = z.enum(['improving', 'declining', 'neutral']);
export type SentimentTrend = z.infer<typeof sentimentTrendSchema>;

/** The market's sentiment over the last 24 h (or the last session's, see window), weighted by recency and confidence. */
export const marketSentimentReportSchema = z.object({
  /** spec part 1 §3: score on 0…1 (0.5 neutral) with its confidence. */
  overall: z.object({ score: z.number().min(0).max(1), confidence: z.number().min(0).max(1) }),
  /** spec part 2 §3: the same reading on −1…1. */
  overall_sentiment: z.number().min(-1).max(1),
  sentiment_trend: sentimentTrendSchema,
  /** Now minus 24 h ago (−2…2), null when there was no news a day ago to compare with. */
  change_24h: z.number().nullable(),
  confidence: z.number().min(0).max(1),
  positive_count: z.number().int().min(0),
  neutral_count: z.number().int().min(0),
  negative_count: z.number().int().min(0),
  bullish_topics: z.array(z.string()),
  bearish_topics: z.array(z.string()),
  trending_topics: z.array(z.string()),
  sources: z.object({ news: z.object({ count: z.number().int().min(0) }) }),
  /** ISO 8601 of the newest headline counted, null with none. */
  last_updated: z.string().nullable(),
  window_hours: z.number(),
  /** The headlines read: the last 24 h, or the last session's as it stood at its day's end. */
  window: newsWindowSchema,
});
export type MarketSentimentReport = z.infer<typeof marketSentimentReportSchema>;

export const marketSentimentReportResponseSchema = z.object({
  success: z.literal(true),
  sentiment: marketSentimentReportSchema,
});

/** One source the pipeline reads, with its last fetch's outcome. */
export const newsSourceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['rss', 'simulator']),
  enabled: z.boolean(),
  url: z.string().nullable(),
  last_fetch_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  /** The last refusal or failure in a sentence, null when the last fetch went well. */
  last_error: z.string().nullable(),
  items_taken: z.number().int().min(0),
});
export type NewsSourceStatus = z.infer<typeof newsSourceStatusSchema>;

/** GET /api/ml/sentiment/status: spec part 2 §3 {active, enabled} plus the sentiment stats. */
export const sentimentStatusSchema = z.object({
  active: z.boolean(),
  enabled: z.boolean(),
  mode: z.enum(['simulator', 'rss', 'none']),
  lexicon: z.string(),
  total_articles_processed: z.number().int().min(0),
  bullish_articles: z.number().int().min(0),
  bearish_articles: z.number().int().min(0),
  neutral_articles: z.number().int().min(0),
  /** Mean score (−1…1) of every article processed, null before the first. */
  avg_sentiment: z.number().min(-1).max(1).nullable(),
  last_article_at: z.string().nullable(),
  sources: z.array(newsSourceStatusSchema),
});
export type SentimentStatus = z.infer<typeof sentimentStatusSchema>;

export const sentimentStatusResponseSchema = z.object({
  success: z.literal(true),
  data: sentimentStatusSchema,
});
