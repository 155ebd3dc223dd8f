import type { ScalingStatus } from '@td/contracts';
import { Badge, Card, formatPercent } from '@td/ui';
import styled from 'styled-components';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    align-items: center;
  }
  small {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** spec part 2 §9 "Safety and scaling": the circuit breakers as the safety engine last measured them. */
export function SafetyMechanisms({ safety }: { safety: ScalingStatus['safety'] | null }) {
  return (
    <Card
      title="Safety Mechanisms"
      action={
        safety && (
          <Badge tone={safety.halted ? 'negative' : 'positive'} dot>
            {safety.halted ? 'Trading halted' : 'Trading allowed'}
          </Badge>
        )
      }
    >
      {!safety ? (
        <Note>
          The circuit breakers' live state is unavailable while the scaling status cannot be loaded.
        </Note>
      ) : (
        <>
          {safety.halted && safety.haltReason && <Note>Halted: {safety.haltReason}</Note>}
          <List aria-label="Circuit breakers">
            {safety.breakers.map((breaker) => (
              <li key={breaker.breaker}>
                <span>{breaker.label}</span>
                <Badge tone={breaker.tripped ? 'negative' : breaker.value === null ? 'neutral' : 'positive'}>
                  {breaker.tripped ? 'Tripped' : breaker.value === null ? 'Not measured' : 'OK'}
                  {breaker.value !== null && ` · ${formatPercent(breaker.value, { decimals: 1 })}`}
                </Badge>
                {/* The detail is the trip's sentence, or why there is no figure yet; an OK reading needs neither. */}
                {(breaker.tripped || breaker.value === null) && <small>{breaker.detail}</small>}
              </li>
            ))}
          </List>
          {!safety.measuring && (
            <Note>
              The breakers are measured while the market is open and the feed is live; they are idle now.
            </Note>
          )}
          <Note>Email alerts: portfolio loss above 3 %, circuit breaker triggers, ML confidence drops.</Note>
        </>
      )}
    </Card>
  );
}
