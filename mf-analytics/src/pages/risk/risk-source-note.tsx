import type { PositionRiskList, RiskMetrics } from '@td/contracts';
import { Badge, formatIstClock } from '@td/ui';
import styled from 'styled-components';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const ACCOUNT_TEXT = { paper: 'Paper account', live: 'Live account (real money)' } as const;

type Source = Pick<RiskMetrics | PositionRiskList, 'account' | 'source' | 'as_of'>;

/** Which account the figures are about and whether its prices are simulated (nothing unlabelled). */
export function RiskSourceNote({ source }: { source: Source | undefined }) {
  if (!source) return null;
  return (
    <Line data-testid="risk-source">
      <span>
        Source: {ACCOUNT_TEXT[source.account]}, as of {formatIstClock(source.as_of)} IST
      </span>
      {source.source === 'simulated' ? (
        <Badge tone="warning">Simulated prices</Badge>
      ) : (
        <Badge tone="positive">Real prices</Badge>
      )}
    </Line>
  );
}
