import type { PhaseChange } from '@td/contracts';
import { Badge, Card, formatCapital, formatIstDateTime } from '@td/ui';
import styled from 'styled-components';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
  }
  small {
    flex-basis: 100%;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const KIND = {
  start: { tone: 'neutral', text: 'Start' },
  promotion: { tone: 'positive', text: 'Promotion' },
  demotion: { tone: 'negative', text: 'Demotion' },
} as const;

/** The persisted phase changes, newest first: what the engine did and why. */
export function PhaseHistory({ history }: { history: PhaseChange[] }) {
  return (
    <Card title="Phase History">
      <List aria-label="Phase changes">
        {history.map((change) => (
          <li key={`${change.at}-${change.phase}-${change.kind}`}>
            <Badge tone={KIND[change.kind].tone}>{KIND[change.kind].text}</Badge>
            <span>
              {change.fromPhase ? `Phase ${change.fromPhase} → ` : ''}Phase {change.phase} at{' '}
              {formatCapital(change.capital)}
            </span>
            <small>
              {formatIstDateTime(change.at)} · {change.reason}
            </small>
          </li>
        ))}
      </List>
    </Card>
  );
}
