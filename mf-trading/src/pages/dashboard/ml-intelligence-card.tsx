import { useMlIntelligenceMetrics } from '@td/api-client';
import type { MlIntelligenceMetrics } from '@td/contracts';
import { usePlatform } from '@td/platform';
import {
  Card,
  EmptyState,
  FactList,
  focusRing,
  formatFractionRate,
  formatNumber,
  formatPercent,
  healthColour,
  mlHealthBand,
  Skeleton,
} from '@td/ui';
import type { MouseEvent } from 'react';
import styled from 'styled-components';

// spec part 1 §8 "Dashboard and pipeline".
export const ML_UNAVAILABLE = 'ML metrics unavailable';
export const ML_INITIALIZING = 'System initializing...';
export const ML_FETCH_FAILED = 'Failed to fetch ML metrics';

const ML_DASHBOARD_PATH = '/ml-intelligence';

const Link = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

const Band = styled.span<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
`;

const Recommendations = styled.ul`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding-left: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

/** A 0–1 score as a whole percent. */
const share = (value: number | null | undefined) =>
  typeof value === 'number' ? formatPercent(value * 100, { decimals: 0 }) : formatPercent(value);

const TRADES = { unit: ['closed trade', 'closed trades'], decimals: 0 } as const;
const DECISIONS = { unit: ['decision', 'decisions'], decimals: 0 } as const;

function MetricsFacts({ metrics }: { metrics: MlIntelligenceMetrics }) {
  const { system_health: health, decision_quality: quality, learning_metrics: learning } = metrics;
  const trends = metrics.performance_trends;
  const band = mlHealthBand(health?.overall_health);
  const recommendations = metrics.shortcomings_analysis?.recommendations ?? [];
  return (
    <>
      <FactList>
        <dt>Overall health</dt>
        <dd>
          {share(health?.overall_health)}{' '}
          {typeof health?.overall_health === 'number' ? (
            <Band $colour={healthColour(band)}>({band})</Band>
          ) : (
            <Band $colour={healthColour(null)}>(not measured yet)</Band>
          )}
        </dd>
        <dt>Learning health</dt>
        <dd>{share(health?.learning_health)}</dd>
        <dt>Model health</dt>
        <dd>{share(health?.model_health)}</dd>
        <dt>Critical alerts</dt>
        <dd>{formatNumber(health?.critical_alerts, { decimals: 0 })}</dd>
        <dt>Decision quality</dt>
        <dd>{share(quality?.average_quality_score)}</dd>
        <dt>Approval rate</dt>
        <dd>
          {formatFractionRate(quality?.approval_rates?.approved, quality?.decisions_measured, DECISIONS)}
        </dd>
        <dt>Learning</dt>
        <dd>
          {learning?.learning_active ? 'Active' : 'Inactive'} ·{' '}
          {formatNumber(learning?.recent_learning_events, { decimals: 0 })} recent events
        </dd>
        <dt>Win rate</dt>
        <dd>{formatFractionRate(trends?.win_rate, trends?.closed_trades, TRADES)}</dd>
        <dt>Sharpe ratio</dt>
        <dd>{formatNumber(trends?.sharpe_ratio)}</dd>
      </FactList>
      {recommendations.length > 0 && (
        <Recommendations aria-label="Recommendations">
          {recommendations.slice(0, 3).map((recommendation) => (
            <li key={recommendation}>{recommendation}</li>
          ))}
        </Recommendations>
      )}
    </>
  );
}

/** spec part 1 §2: ML Intelligence card with a 'View Full Dashboard' link to /ml-intelligence. */
export function MlIntelligenceCard() {
  const { navigate } = usePlatform();
  const { data, isPending, isError } = useMlIntelligenceMetrics();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(ML_DASHBOARD_PATH);
  };
  return (
    <Card
      title="ML Intelligence"
      action={
        <Link href={ML_DASHBOARD_PATH} onClick={open}>
          View Full Dashboard
        </Link>
      }
    >
      {data ? (
        <MetricsFacts metrics={data} />
      ) : isPending ? (
        <Skeleton lines={4} label="Loading ML metrics" />
      ) : (
        isError && (
          <EmptyState
            icon="◎"
            title={ML_UNAVAILABLE}
            message={ML_INITIALIZING}
            action={<ErrorText role="alert">{ML_FETCH_FAILED}</ErrorText>}
          />
        )
      )}
    </Card>
  );
}
