// The status calls' payloads from the insight engine's latest build (docs/decisions/0019-ml-health.md).
import {
  type AutonomousLearningStatus,
  type KnowledgeGraphStatus,
  type LearnedPatterns,
  type LearningStatus,
  type MemoryStatus,
  mlHealthBandOf,
} from '@td/contracts';
import { type HealthComponents, memoryHealth, wilsonLowerBound } from './health';
import type { ClosedTrades, HistoryPoint, InsightSnapshot } from './insight-engine';
import { MIN_RESOLVED_TO_LEARN } from './pattern-hit-rates';

export interface InsightState {
  snapshot: InsightSnapshot;
  /** The ledger's closed trades read for this request; null when insight has no ledger to read. */
  closedTrades: ClosedTrades | null;
  history: readonly HistoryPoint[];
  running: boolean;
  cycles: number;
  lastError: string | null;
  nextBuildAt: number | null;
  rebuildIntervalMs: number;
}

export const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
export const notes = (...parts: (string | null)[]) => parts.filter((part) => part !== null).join(' ') || null;

export function memoryCounts(s: InsightSnapshot) {
  const predictions = s.ensemble?.total_predictions ?? 0;
  const resolvedPredictions = s.ensemble?.resolved_predictions ?? 0;
  const patterns = [...s.candlePatterns, ...s.newsPatterns];
  return {
    predictions,
    resolved_predictions: resolvedPredictions,
    trade_decisions: s.trades.orders,
    closed_trades: s.trades.closed.length,
    pattern_observations: patterns.reduce((sum, pattern) => sum + pattern.resolved, 0),
    learned: patterns.filter((pattern) => pattern.learned).length,
  };
}

export function memoryStatus(state: InsightState): MemoryStatus {
  const s = state.snapshot;
  const { learned, ...breakdown } = memoryCounts(s);
  const total = breakdown.predictions + breakdown.trade_decisions;
  const resolved = breakdown.resolved_predictions + breakdown.closed_trades;
  const health = memoryHealth(total, resolved);
  return {
    memory_health: health,
    memory_health_band: mlHealthBandOf(health),
    total_memories: total,
    active_patterns: learned,
    retention_rate: total > 0 ? resolved / total : null,
    breakdown,
    computed: true,
    note: notes(s.problems.models, s.problems.trades),
    built_at: iso(s.builtAt),
  };
}

export function knowledgeGraphStatus(state: InsightState): KnowledgeGraphStatus {
  const { graph, problems, builtAt } = state.snapshot;
  return {
    knowledge_depth: graph.knowledge_depth,
    total_nodes: graph.total_nodes,
    total_relationships: graph.total_relationships,
    active_concepts: graph.active_concepts,
    nodes: graph.nodes,
    relationships: graph.relationships,
    correlation_threshold: graph.threshold,
    correlation_sessions: graph.sessions,
    strongest: graph.strongest,
    rebuild_interval_minutes: state.rebuildIntervalMs / 60_000,
    computed: graph.sessions > 0,
    note: notes(
      graph.sessions > 0 ? null : 'No past sessions of daily closes yet: no correlation can be measured.',
      problems.news ? `News co-mentions are missing: ${problems.news}` : null,
    ),
    built_at: iso(builtAt),
  };
}

/** Growth of a cumulative counter over the history kept (a day at most); never negative. */
export function recentGrowth(
  history: readonly HistoryPoint[],
  pick: (point: HistoryPoint) => number,
): number {
  const first = history[0];
  const last = history[history.length - 1];
  return first && last ? Math.max(0, pick(last) - pick(first)) : 0;
}

export function learningStatus(state: InsightState): LearningStatus {
  const { online, problems, builtAt } = state.snapshot;
  const recent = online?.updates_last_24h ?? recentGrowth(state.history, (point) => point.modelUpdates);
  return {
    learning_active: online !== null && (online.is_updating || recent > 0),
    adaptation_success_rate:
      online && online.total_updates > 0 ? online.successful_updates / online.total_updates : null,
    recent_adaptations: recent,
    learning_rate: online?.learning_rate ?? null,
    last_update_time: online?.last_update_time ?? null,
    computed: online !== null,
    note: online
      ? online.total_updates === 0
        ? 'No prediction has resolved into an update yet.'
        : null
      : problems.models,
    built_at: iso(builtAt),
  };
}

export function learnedPatterns(state: InsightState): LearnedPatterns {
  const s = state.snapshot;
  return {
    candle_patterns: s.candlePatterns,
    news_events: s.newsPatterns,
    correlations: s.graph.strongest.filter((relationship) => relationship.kind === 'return_correlation'),
    min_resolved_to_learn: MIN_RESOLVED_TO_LEARN,
    computed: true,
    note: notes(
      s.newsPatterns.length === 0 ? 'No scored headline naming a stock has been followed yet.' : null,
      s.problems.news,
    ),
    built_at: iso(s.builtAt),
  };
}

export function autonomousLearningStatus(state: InsightState): AutonomousLearningStatus {
  const s = state.snapshot;
  const patterns = [...s.candlePatterns, ...s.newsPatterns];
  const resolved = patterns.reduce((sum, pattern) => sum + pattern.resolved, 0);
  const hits = patterns.reduce((sum, pattern) => sum + pattern.hits, 0);
  return {
    learning_active: state.running && state.lastError === null,
    cycles_completed: state.cycles,
    last_cycle_at: iso(s.builtAt),
    next_cycle_at: iso(state.nextBuildAt),
    rebuild_interval_minutes: state.rebuildIntervalMs / 60_000,
    patterns_tracked: patterns.length,
    patterns_learned: patterns.filter((pattern) => pattern.learned).length,
    pattern_observations: resolved,
    overall_hit_rate: resolved > 0 ? hits / resolved : null,
    last_error: state.lastError,
    computed: true,
    note: state.running ? null : 'The rebuild schedule is stopped: these figures are from the last build.',
    built_at: iso(s.builtAt),
  };
}

export function healthComponents(state: InsightState): HealthComponents {
  const s = state.snapshot;
  const resolved = s.ensemble?.resolved_predictions ?? 0;
  const accuracy = s.ensemble?.ensemble_accuracy ?? null;
  const memory = memoryStatus(state);
  return {
    model: accuracy !== null ? wilsonLowerBound(Math.round(accuracy * resolved), resolved) : null,
    learning: s.online ? wilsonLowerBound(s.online.successful_updates, s.online.total_updates) : null,
    memory: memory.memory_health,
    knowledge: s.graph.knowledge_depth,
  };
}
