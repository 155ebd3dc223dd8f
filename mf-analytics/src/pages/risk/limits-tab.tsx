import type { RiskLimits } from '@td/contracts';
import {
  Badge,
  Card,
  EmptyState,
  FactList,
  formatIstDateTime,
  formatNumber,
  formatPercent,
  healthTone,
  MISSING_VALUE,
} from '@td/ui';
import styled from 'styled-components';
import { LimitsForm } from './limits-form';

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Warnings = styled.ul`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding-left: 1.1em;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.warning};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const HEALTH_TEXT = { good: 'Good', warning: 'Warning', critical: 'Critical' } as const;

export interface LimitsTabProps {
  limits: RiskLimits | undefined;
  loading: boolean;
}

/** spec part 1 §2 "Limits": the editable limits, the ML recommendations and the current status. */
export function LimitsTab({ limits, loading }: LimitsTabProps) {
  if (!limits) {
    return <EmptyState title={loading ? 'Loading risk limits…' : 'Risk limits unavailable'} />;
  }
  const ml = limits.ml_recommendations;
  const status = limits.current_status;
  return (
    <>
      <LimitsForm limits={limits} />
      <Pair>
        <Card title="ML recommendations">
          <FactList>
            <dt>Current risk score</dt>
            <dd>
              {formatNumber(ml.current_risk_score, { decimals: 2 })}
              {ml.risk_level && (
                <>
                  {' '}
                  <Badge tone={healthTone(ml.risk_level)}>{ml.risk_level}</Badge>
                </>
              )}
            </dd>
            <dt>Recommended cash allocation</dt>
            <dd>{formatPercent(ml.recommended_cash_allocation, { decimals: 1 })}</dd>
            <dt>Market regime</dt>
            <dd>{ml.market_regime || MISSING_VALUE}</dd>
            <dt>Suggested position sizing</dt>
            <dd>{formatPercent(ml.suggested_position_sizing, { decimals: 1 })}</dd>
            <dt>Next review</dt>
            <dd>{formatIstDateTime(ml.next_review_date)} IST</dd>
          </FactList>
          <Muted>{ml.basis}</Muted>
        </Card>
        <Card
          title="Current status"
          action={
            <Badge tone={healthTone(status.portfolio_health)} dot>
              {HEALTH_TEXT[status.portfolio_health]}
            </Badge>
          }
        >
          {status.warnings.length === 0 ? (
            <Muted>No limit is near its value right now.</Muted>
          ) : (
            <Warnings aria-label="Warnings">
              {status.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </Warnings>
          )}
        </Card>
      </Pair>
    </>
  );
}
