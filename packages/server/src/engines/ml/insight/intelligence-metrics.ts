// The ML Health dashboard's /api/ml/intelligence-metrics payload from the insight engine's latest build.
import { type MlIntelligenceMetricsData, mlHealthBandOf } from '@td/contracts';
import { decisionQuality, overallHealth, tradeFigures, trendOf } from './health';
import type { ClosedTrades, HistoryPoint, InsightSnapshot } from './insight-engine';
import {
  healthComponents,
  type InsightState,
  iso,
  learningStatus,
  memoryCounts,
  notes,
  recentGrowth,
} from './insight-report';
import { recommendationsFrom } from './recommendations';

const HOUR_MS = 3_600_000;

/** The build an hour before the latest (or the oldest kept) among those `keep` accepts. */
function hourAgo(
  state: InsightState,
  keep: (point: HistoryPoint) => boolean = () => true,
): HistoryPoint | null {
  const known = state.history.filter(keep);
  const cutoff = state.snapshot.builtAt - HOUR_MS;
  const before = known.filter((point) => point.at <= cutoff);
  return before[before.length - 1] ?? known[0] ?? null;
}

/** Win rate and count are the ledger's (Quick Stats'); mean and per-trade Sharpe the build's returns. */
function performanceTrends(s: InsightSnapshot, closed: ClosedTrades | null) {
  const figures = tradeFigures(s.trades.closed.map((trade) => trade.return));
  return closed ? { ...figures, win_rate: closed.winRate, closed_trades: closed.trades } : figures;
}

export function intelligenceMetrics(state: InsightState): MlIntelligenceMetricsData {
  const s = state.snapshot;
  const components = healthComponents(state);
  const overall = overallHealth(components);
  const measured = Object.values(components).filter((value): value is number => value !== null);
  const problems = Object.values(s.problems).filter((problem) => problem !== null);
  const learning = learningStatus(state);
  const counts = memoryCounts(s);
  const decisions = s.trades.approved + s.trades.rejected;
  const trades = performanceTrends(s, state.closedTrades);
  const recentEvents =
    recentGrowth(state.history, (p) => p.modelUpdates) +
    recentGrowth(state.history, (p) => p.patternObservations) +
    recentGrowth(state.history, (p) => p.rebalances);
  return {
    system_health: {
      overall_health: overall,
      overall_band: mlHealthBandOf(overall),
      learning_health: components.learning,
      model_health: components.model,
      memory_health: components.memory,
      knowledge_health: components.knowledge,
      health_trend: trendOf(hourAgo(state, (p) => p.overallHealth !== null)?.overallHealth, overall),
      monitoring_active: state.running,
      critical_alerts: measured.filter((value) => value < 0.4).length,
      emergency_alerts: problems.length + (state.lastError ? 1 : 0),
    },
    decision_quality: {
      ...decisionQuality(s.judged, hourAgo(state)?.judged ?? null),
      approval_rates: {
        approved: decisions > 0 ? s.trades.approved / decisions : null,
        rejected: decisions > 0 ? s.trades.rejected / decisions : null,
      },
    },
    learning_metrics: {
      learning_active: learning.learning_active,
      adapting: s.online?.is_updating ?? false,
      recent_learning_events: recentEvents,
      learning_event_breakdown: {
        model_updates: s.online?.total_updates ?? 0,
        pattern_recognition: counts.pattern_observations,
        strategy_refinements: s.ensemble?.model_rebalances ?? 0,
      },
      adaptation_performance: {
        adaptation_score: components.learning,
        success_rate: learning.adaptation_success_rate,
      },
      learning_health: components.learning,
    },
    performance_trends: trades,
    shortcomings_analysis: {
      recommendations: recommendationsFrom({
        components,
        resolvedPredictions: s.ensemble?.resolved_predictions ?? 0,
        accuracy: s.ensemble?.ensemble_accuracy ?? null,
        updates: { total: s.online?.total_updates ?? 0, rollbacks: s.online?.rollbacks ?? 0 },
        patterns: [...s.candlePatterns, ...s.newsPatterns],
        problems: s.problems,
        winRate: trades.win_rate,
        closedTrades: trades.closed_trades,
      }),
    },
    computed: overall !== null,
    note: notes(overall === null ? 'No part of the ML system has been measured yet.' : null, ...problems),
    built_at: iso(s.builtAt),
  };
}
