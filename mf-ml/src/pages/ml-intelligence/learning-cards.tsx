import type { UseQueryResult } from '@tanstack/react-query';
import type { AutonomousLearningStatus, MlIntelligenceMetricsData } from '@td/contracts';
import { Badge, formatFractionRate, formatIstDateTime, formatNumber } from '@td/ui';
import { count, Facts, HealthScore, Note, StatusCard, share } from '../../components/ml-status';

/** spec part 2 §2.6 "Active Learning Metrics": intelligence-metrics' learning_metrics. */
export function ActiveLearningCard({ query }: { query: UseQueryResult<MlIntelligenceMetricsData> }) {
  return (
    <StatusCard
      title="Active Learning Metrics"
      query={query}
      badge={({ learning_metrics: l }) => (
        <Badge tone={l.learning_active ? 'positive' : 'neutral'} dot>
          {l.learning_active ? (l.adapting ? 'Learning · adapting' : 'Learning') : 'Not learning'}
        </Badge>
      )}
    >
      {({ learning_metrics: l }) => (
        <Facts>
          <dt>Model updates</dt>
          <dd>{count(l.learning_event_breakdown.model_updates)}</dd>
          <dt>Pattern recognition</dt>
          <dd>{count(l.learning_event_breakdown.pattern_recognition)}</dd>
          <dt>Strategy refinements</dt>
          <dd>{count(l.learning_event_breakdown.strategy_refinements)}</dd>
          <dt>Recent learning events</dt>
          <dd>{count(l.recent_learning_events)}</dd>
          <dt>Adaptation score</dt>
          <dd>{share(l.adaptation_performance.adaptation_score)}</dd>
          <dt>Adaptation success rate</dt>
          <dd>{share(l.adaptation_performance.success_rate)}</dd>
          <dt>Learning health</dt>
          <dd>
            <HealthScore score={l.learning_health} />
          </dd>
        </Facts>
      )}
    </StatusCard>
  );
}

const when = (iso: string | null) => (iso ? `${formatIstDateTime(iso)} IST` : 'Never');

/** spec part 2 §2.6 "Autonomous Learning System": the status map, each key measured. */
export function AutonomousLearningCard({ query }: { query: UseQueryResult<AutonomousLearningStatus> }) {
  return (
    <StatusCard
      title="Autonomous Learning System"
      query={query}
      badge={(a) => (
        <Badge tone={a.learning_active ? 'positive' : 'neutral'} dot>
          {a.learning_active ? 'Active' : 'Inactive'}
        </Badge>
      )}
    >
      {(a) => (
        <>
          <Facts>
            <dt>Cycles completed</dt>
            <dd>{count(a.cycles_completed)}</dd>
            <dt>Last cycle</dt>
            <dd>{when(a.last_cycle_at)}</dd>
            <dt>Next cycle</dt>
            <dd>{a.next_cycle_at ? when(a.next_cycle_at) : '—'}</dd>
            <dt>Rebuild interval</dt>
            <dd>{formatNumber(a.rebuild_interval_minutes, { decimals: 0 })} min</dd>
            <dt>Patterns learned</dt>
            <dd>
              {count(a.patterns_learned)} of {count(a.patterns_tracked)}
            </dd>
            <dt>Pattern observations</dt>
            <dd>{count(a.pattern_observations)}</dd>
            <dt>Overall hit rate</dt>
            <dd>
              {formatFractionRate(a.overall_hit_rate, a.pattern_observations, {
                unit: ['resolved occurrence', 'resolved occurrences'],
              })}
            </dd>
          </Facts>
          {a.last_error && <Note role="status">Last cycle failed: {a.last_error}</Note>}
          {!a.computed && a.note && <Note>{a.note}</Note>}
        </>
      )}
    </StatusCard>
  );
}
