import type { AnalyticsSource } from '@td/contracts';
import { Badge } from '@td/ui';
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

/** Where the figures come from: the account, and a Simulated badge when any price was the simulator's. */
export function SourceNote({ source }: { source: AnalyticsSource | undefined }) {
  if (!source) return null;
  return (
    <Line data-testid="performance-source">
      <span>Source: {source.description}</span>
      {source.simulated ? (
        <Badge tone="warning">Simulated</Badge>
      ) : (
        <Badge tone="positive">Real prices</Badge>
      )}
    </Line>
  );
}
