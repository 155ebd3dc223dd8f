import type {
  AutonomousLearningStatus,
  EnhancementsStatus,
  EnsembleStatus,
  ExplainabilityStatus,
  KnowledgeGraphStatus,
  LearnedPatterns,
  LearningStatus,
  MarketSentimentReport,
  MemoryStatus,
  MlIntelligenceMetricsData,
  OnlineLearningStatus,
  PredictionExplanation,
  ScoredHeadline,
  SentimentStatus,
} from '@td/contracts';
import { engineStatusFixture, type Responder, renderRemote, reply } from '@td/platform/test-support';
import type { ReactElement } from 'react';

// A fake ML service for the component tests: every call of spec part 2 §7 with figures a person can check.

export const ok = (data: unknown) => reply(200, { success: true, data });
export const DOWN = reply(503, {
  success: false,
  error: 'The ML service is starting: no models loaded yet.',
});

const AT = '2026-01-05T04:00:00.000Z';
const measured = { computed: true, note: null, built_at: AT };

export const memory: MemoryStatus = {
  memory_health: 0.84,
  memory_health_band: 'excellent',
  total_memories: 1_234,
  active_patterns: 7,
  retention_rate: 0.62,
  breakdown: {
    predictions: 1_200,
    resolved_predictions: 744,
    trade_decisions: 34,
    closed_trades: 21,
    pattern_observations: 310,
  },
  ...measured,
};

export const graph: KnowledgeGraphStatus = {
  knowledge_depth: 0.58,
  total_nodes: 73,
  total_relationships: 214,
  active_concepts: 41,
  nodes: { stocks: 50, sectors: 12, topics: 11 },
  relationships: { return_correlation: 120, news_co_mention: 44, sector_member: 50 },
  correlation_threshold: 0.6,
  correlation_sessions: 60,
  strongest: [],
  rebuild_interval_minutes: 15,
  ...measured,
};

export const learning: LearningStatus = {
  learning_active: true,
  adaptation_success_rate: 0.75,
  recent_adaptations: 48,
  learning_rate: 0.05,
  last_update_time: AT,
  ...measured,
};

export const metrics: MlIntelligenceMetricsData = {
  system_health: {
    overall_health: 0.71,
    overall_band: 'good',
    learning_health: 0.75,
    model_health: 0.55,
    memory_health: 0.84,
    knowledge_health: 0.58,
    health_trend: 'improving',
    monitoring_active: true,
    critical_alerts: 1,
    emergency_alerts: 0,
  },
  decision_quality: {
    average_quality_score: 0.66,
    approval_rates: { approved: 0.4, rejected: 0.6 },
    quality_trend: 'stable',
    decisions_measured: 34,
  },
  learning_metrics: {
    learning_active: true,
    adapting: false,
    recent_learning_events: 60,
    learning_event_breakdown: { model_updates: 48, pattern_recognition: 9, strategy_refinements: 3 },
    adaptation_performance: { adaptation_score: 0.7, success_rate: 0.75 },
    learning_health: 0.75,
  },
  performance_trends: { win_rate: 0.57, average_return: 0.0042, sharpe_ratio: 0.31, closed_trades: 21 },
  shortcomings_analysis: {
    recommendations: [
      {
        title: 'Model health is below 60%',
        description: 'The nearest-neighbour model is right 48% of the time; its weight is falling.',
        priority: 'high',
      },
    ],
  },
  ...measured,
};

const pattern = (name: string, hits: number, resolved: number) => ({
  name,
  kind: 'candle' as const,
  expected_direction: 'up' as const,
  occurrences: resolved + 2,
  resolved,
  hits,
  hit_rate: hits / resolved,
  avg_forward_return: 0.0031,
  horizon: '30 minutes',
  learned: resolved >= 20,
});

export const patterns: LearnedPatterns = {
  candle_patterns: [
    pattern('bullish_engulfing', 18, 30),
    pattern('hammer', 12, 25),
    pattern('doji', 5, 12),
    pattern('shooting_star', 3, 8),
  ],
  news_events: [],
  correlations: [{ source: 'HDFCBANK', target: 'ICICIBANK', kind: 'return_correlation', weight: 0.82 }],
  min_resolved_to_learn: 20,
  ...measured,
};

export const autonomous: AutonomousLearningStatus = {
  learning_active: true,
  cycles_completed: 12,
  last_cycle_at: AT,
  next_cycle_at: '2026-01-05T04:15:00.000Z',
  rebuild_interval_minutes: 15,
  patterns_tracked: 14,
  patterns_learned: 2,
  pattern_observations: 310,
  overall_hit_rate: 0.56,
  last_error: null,
  ...measured,
};

const state = (active: boolean, enabled = true) => ({
  active,
  enabled,
  reason: active ? null : 'Waiting for the first predictions to resolve.',
});
export const enhancements: EnhancementsStatus = {
  ensemble: state(true),
  explainability: state(true),
  online_learning: state(false),
  sentiment_analysis: state(false, false),
};

const model = (weight: number, accuracy: number | null, win: number | null, n: number) => ({
  active: true,
  weight,
  accuracy,
  win_rate: win,
  prediction_count: n,
});
export const ensemble: EnsembleStatus = {
  total_predictions: 1_200,
  resolved_predictions: 744,
  ensemble_accuracy: 0.563,
  model_rebalances: 31,
  models: {
    logistic_regression: model(0.24, 0.58, 0.61, 200),
    momentum: model(0.19, 0.55, 0.52, 200),
    mean_reversion: model(0.15, 0.51, 0.45, 200),
    naive_bayes: model(0.17, 0.54, 0.5, 200),
    nearest_neighbour: model(0.1, 0.48, 0.38, 200),
    news_sentiment: model(0.15, null, null, 200),
  },
  horizon: 'direction over the next 30 minutes',
  note: null,
};

export const explainability: ExplainabilityStatus = {
  total_explanations: 300,
  shap_explanations: 250,
  avg_confidence: 0.62,
  cache_size: 50,
  method: 'weight × (value − mean) per feature, summing with the base value to the logit',
  note: null,
};

export const online: OnlineLearningStatus = {
  total_updates: 96,
  successful_updates: 88,
  rollbacks: 8,
  avg_improvement: 0.0021,
  models_updated: 6,
  is_updating: false,
  last_update_time: AT,
  note: null,
};

export const explanation: PredictionExplanation = {
  prediction_id: 42,
  symbol: 'RELIANCE',
  model: 'logistic_regression',
  direction: 'up',
  probability_up: 0.64,
  confidence: 0.28,
  horizon: '30 minutes',
  made_at: AT,
  base_value: 0.1,
  logit: 0.575,
  contributions: [
    { feature: 'return_5', value: 0.01, mean: 0.002, weight: 40, contribution: 0.32 },
    { feature: 'news_sentiment', value: 0.5, mean: 0.05, weight: 0.35, contribution: 0.1575 },
    { feature: 'volatility', value: 0.022, mean: 0.012, weight: -0.25, contribution: -0.0025 },
  ],
  top_reasons: ['5-bar return +1.0% (mean +0.2%) pushes up by 0.32', 'Positive news on RELIANCE adds 0.16'],
};

export const market: MarketSentimentReport = {
  overall: { score: 0.63, confidence: 0.7 },
  overall_sentiment: 0.26,
  sentiment_trend: 'improving',
  change_24h: 0.08,
  confidence: 0.7,
  positive_count: 14,
  neutral_count: 9,
  negative_count: 5,
  bullish_topics: ['results', 'order wins'],
  bearish_topics: ['regulatory action'],
  trending_topics: ['results', 'order wins', 'regulatory action'],
  sources: { news: { count: 28 } },
  last_updated: AT,
  window_hours: 24,
  window: { from: '2026-01-04T04:00:00.000Z', to: AT, basis: 'last_24h', reason: null },
};

export const sentimentStatus: SentimentStatus = {
  active: true,
  enabled: true,
  mode: 'simulator',
  lexicon: 'Loughran–McDonald finance word list with negation and intensifiers',
  total_articles_processed: 28,
  bullish_articles: 14,
  bearish_articles: 5,
  neutral_articles: 9,
  avg_sentiment: 0.12,
  last_article_at: AT,
  sources: [],
};

export const headline = (
  id: string,
  title: string,
  score: number,
  minutesBefore: number,
): ScoredHeadline => ({
  id,
  title,
  summary: `${title}.`,
  sentiment: score > 0.05 ? 'positive' : score < -0.05 ? 'negative' : 'neutral',
  score,
  confidence: 0.8,
  symbols: ['TCS'],
  sectors: ['IT'],
  source: 'Simulated newswire',
  url: null,
  timestamp: new Date(Date.parse(AT) - minutesBefore * 60_000).toISOString(),
  event_type: null,
  simulated: true,
});

export const ML_REPLIES: Record<string, Responder> = {
  'GET /api/ml/memory/status': ok(memory),
  'GET /api/ml/knowledge-graph/status': ok(graph),
  'GET /api/ml/learning/status': ok(learning),
  'GET /api/ml/intelligence-metrics': ok(metrics),
  'GET /api/ml/autonomous-learning/status': ok(autonomous),
  'GET /api/ml/autonomous-learning/patterns': ok(patterns),
  'GET /api/engines/status': ok(engineStatusFixture()),
  'GET /api/ml/enhancements/status': ok(enhancements),
  'GET /api/ml/ensemble/status': ok(ensemble),
  'GET /api/ml/explainability/status': ok(explainability),
  'GET /api/ml/online-learning/status': ok(online),
  'GET /api/ml/explanations/RELIANCE': ok(explanation),
  'GET /api/ml/sentiment/market': reply(200, { success: true, sentiment: market }),
  'GET /api/ml/sentiment/status': ok(sentimentStatus),
};

export function renderMl(ui: ReactElement, url: string, replies: Record<string, Responder> = {}) {
  return renderRemote(ui, {
    url,
    ownPaths: [new URL(url, 'http://host.test').pathname],
    remote: 'ml',
    signedIn: true,
    replies: { ...ML_REPLIES, ...replies },
  });
}
