import type { UseQueryResult } from '@tanstack/react-query';
import type { MlIntelligenceMetricsData } from '@td/contracts';
import { Badge, formatIstDateTime, healthTone, Tile, TileGrid } from '@td/ui';
import { count, HealthScore, Note, StatusCard } from '../../components/ml-status';

const TREND_TONE = { improving: 'positive', stable: 'info', declining: 'negative' } as const;

/** spec part 2 §2.6 "System Health Overview": the health scores and alerts of intelligence-metrics. */
export function SystemHealthCard({ query }: { query: UseQueryResult<MlIntelligenceMetricsData> }) {
  return (
    <StatusCard
      title="System Health Overview"
      query={query}
      badge={(m) => (
        <Badge tone={TREND_TONE[m.system_health.health_trend]} dot>
          Health {m.system_health.health_trend}
        </Badge>
      )}
    >
      {(m) => {
        const h = m.system_health;
        const scores = [
          ['Overall Health', h.overall_health],
          ['Learning Health', h.learning_health],
          ['Model Health', h.model_health],
          ['Memory Health', h.memory_health],
          ['Knowledge Health', h.knowledge_health],
        ] as const;
        return (
          <>
            <TileGrid $min="150px">
              {scores.map(([label, score]) => (
                <Tile
                  key={label}
                  label={label}
                  value={<HealthScore score={score} />}
                  subValue={score === null ? 'not measured yet' : undefined}
                />
              ))}
              <Tile
                label="Alerts"
                value={`${count(h.critical_alerts)} / ${count(h.emergency_alerts)}`}
                subValue="critical / emergency"
                tone={h.critical_alerts + h.emergency_alerts > 0 ? 'negative' : 'neutral'}
              />
            </TileGrid>
            <Note>
              <Badge tone={healthTone(h.overall_band)}>{h.overall_band}</Badge>{' '}
              {h.monitoring_active ? 'Monitoring active' : 'Monitoring stopped'}
              {m.built_at ? ` · measured ${formatIstDateTime(m.built_at)} IST` : ''}
              {m.note ? ` · ${m.note}` : ''}
            </Note>
          </>
        );
      }}
    </StatusCard>
  );
}
