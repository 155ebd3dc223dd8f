import { z } from 'zod';

// spec part 2 §3 "ML status responses": memory, knowledge graph, learning, autonomous learning and
// its patterns. Every figure is measured by the server's insight engine (packages/server/src/engines/ml/insight)
// or null with a `note` saying why; zod 4's z.number() already refuses NaN and ±Infinity.

/** A share 0–1 (a rate, a health score). */
export const fractionSchema = z.number().min(0).max(1);
const count = z.number().int().min(0);
const isoTime = z.string();

/** spec part 1 §9: 0.8 and above excellent, 0.6 good, 0.4 fair, else needs attention. */
export const ML_HEALTH_THRESHOLDS = { excellent: 0.8, good: 0.6, fair: 0.4 } as const;
export const mlHealthBandSchema = z.enum(['excellent', 'good', 'fair', 'needs attention']);
export type MlHealthBandName = z.infer<typeof mlHealthBandSchema>;

/** The band a 0–1 health score falls in; null (not measured yet) needs attention. */
export function mlHealthBandOf(score: number | null | undefined): MlHealthBandName {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'needs attention';
  if (score >= ML_HEALTH_THRESHOLDS.excellent) return 'excellent';
  if (score >= ML_HEALTH_THRESHOLDS.good) return 'good';
  if (score >= ML_HEALTH_THRESHOLDS.fair) return 'fair';
  return 'needs attention';
}

/** Said beside figures that may not be measured yet: `computed` false means read `note`, not a number. */
const measuredShape = {
  computed: z.boolean(),
  note: z.string().nullable(),
  /** When the engine last rebuilt these figures (ISO time); null before its first build. */
  built_at: isoTime.nullable(),
};

/** GET /api/ml/memory/status: stored predictions and trade decisions with their outcomes. */
export const memoryStatusSchema = z.object({
  memory_health: fractionSchema.nullable(),
  memory_health_band: mlHealthBandSchema,
  /** Predictions stored by the models plus trade decisions the ledger holds. */
  total_memories: count,
  /** Learned patterns (candle and news-event types) with enough resolved occurrences to trust. */
  active_patterns: count,
  /** Share of stored memories whose outcome is known (resolved predictions, closed trades). */
  retention_rate: fractionSchema.nullable(),
  breakdown: z.object({
    predictions: count,
    resolved_predictions: count,
    trade_decisions: count,
    closed_trades: count,
    pattern_observations: count,
  }),
  ...measuredShape,
});
export type MemoryStatus = z.infer<typeof memoryStatusSchema>;

export const graphRelationshipKindSchema = z.enum(['return_correlation', 'news_co_mention', 'sector_member']);

export const graphRelationshipSchema = z.object({
  source: z.string(),
  target: z.string(),
  kind: graphRelationshipKindSchema,
  /** Correlation coefficient (−1..1) or the number of headlines naming both. */
  weight: z.number(),
});
export type GraphRelationship = z.infer<typeof graphRelationshipSchema>;

/** GET /api/ml/knowledge-graph/status. */
export const knowledgeGraphStatusSchema = z.object({
  /** Share of nodes joined to another by a measured relationship (correlation or co-mention). */
  knowledge_depth: fractionSchema.nullable(),
  total_nodes: count,
  total_relationships: count,
  /** Nodes with at least one measured relationship. */
  active_concepts: count,
  nodes: z.object({ stocks: count, sectors: count, topics: count }),
  relationships: z.object({ return_correlation: count, news_co_mention: count, sector_member: count }),
  /** |ρ| a pair of daily-return series must reach to be related. */
  correlation_threshold: z.number().min(0).max(1),
  /** Daily returns each correlation was measured over. */
  correlation_sessions: count,
  strongest: z.array(graphRelationshipSchema),
  rebuild_interval_minutes: z.number().positive(),
  ...measuredShape,
});
export type KnowledgeGraphStatus = z.infer<typeof knowledgeGraphStatusSchema>;

/** GET /api/ml/learning/status: the models' online learning as adaptations. */
export const learningStatusSchema = z.object({
  learning_active: z.boolean(),
  /** Updates kept (not rolled back) over all updates tried. */
  adaptation_success_rate: fractionSchema.nullable(),
  /** Updates tried in the last 24 hours. */
  recent_adaptations: count,
  /** The models' step size, as the model engine reports it. */
  learning_rate: z.number().nullable(),
  last_update_time: isoTime.nullable(),
  ...measuredShape,
});
export type LearningStatus = z.infer<typeof learningStatusSchema>;

export const patternKindSchema = z.enum(['candle', 'news_event']);

/** One learned pattern: how often what it foretold came true over its horizon. */
export const learnedPatternSchema = z.object({
  name: z.string(),
  kind: patternKindSchema,
  /** The move the pattern foretells; neutral patterns are tested against a reversal of the prior move. */
  expected_direction: z.enum(['up', 'down', 'reversal']),
  occurrences: count,
  /** Occurrences whose horizon has passed. */
  resolved: count,
  hits: count,
  hit_rate: fractionSchema.nullable(),
  /** Mean forward return over the horizon (fraction, +0.01 = +1 %). */
  avg_forward_return: z.number().nullable(),
  horizon: z.string(),
  /** Enough resolved occurrences to call it learned. */
  learned: z.boolean(),
});
export type LearnedPattern = z.infer<typeof learnedPatternSchema>;

/** GET /api/ml/autonomous-learning/patterns: spec "map of lists", first 3 per group on screen. */
export const learnedPatternsSchema = z.object({
  candle_patterns: z.array(learnedPatternSchema),
  news_events: z.array(learnedPatternSchema),
  correlations: z.array(graphRelationshipSchema),
  min_resolved_to_learn: count,
  ...measuredShape,
});
export type LearnedPatterns = z.infer<typeof learnedPatternsSchema>;

/** GET /api/ml/autonomous-learning/status: spec "free key/value map"; these keys are measured. */
export const autonomousLearningStatusSchema = z.object({
  learning_active: z.boolean(),
  /** Rebuilds of memory, graph and patterns since the server started. */
  cycles_completed: count,
  last_cycle_at: isoTime.nullable(),
  next_cycle_at: isoTime.nullable(),
  rebuild_interval_minutes: z.number().positive(),
  patterns_tracked: count,
  patterns_learned: count,
  pattern_observations: count,
  /** Resolved pattern occurrences over all candle and news patterns, pooled. */
  overall_hit_rate: fractionSchema.nullable(),
  last_error: z.string().nullable(),
  ...measuredShape,
});
export type AutonomousLearningStatus = z.infer<typeof autonomousLearningStatusSchema>;

export const memoryStatusResponseSchema = z.object({ success: z.literal(true), data: memoryStatusSchema });
export const knowledgeGraphStatusResponseSchema = z.object({
  success: z.literal(true),
  data: knowledgeGraphStatusSchema,
});
export const learningStatusResponseSchema = z.object({
  success: z.literal(true),
  data: learningStatusSchema,
});
export const learnedPatternsResponseSchema = z.object({
  success: z.literal(true),
  data: learnedPatternsSchema,
});
export const autonomousLearningStatusResponseSchema = z.object({
  success: z.literal(true),
  data: autonomousLearningStatusSchema,
});
