import type { LimitsStatus } from '@td/contracts';
import { Card, FactList, formatINR, formatPercent, toneColour } from '@td/ui';
import styled from 'styled-components';

interface Check {
  name: string;
  currentLabel: string;
  current: string;
  limitLabel: string;
  limit: string;
  safe: boolean;
}

/** spec part 2 §3: the four checks the paper account runs before an order, as current against limit. */
function checksOf(status: LimitsStatus): Check[] {
  const { balance_status, daily_loss_status, positions_status, exposure_status } = status;
  return [
    {
      name: 'Balance',
      currentLabel: 'Cash',
      current: formatINR(balance_status.current),
      limitLabel: 'Minimum',
      limit: formatINR(balance_status.threshold),
      safe: balance_status.safe,
    },
    {
      name: 'Daily Loss',
      currentLabel: "Today's loss",
      current: formatINR(daily_loss_status.current_loss),
      limitLabel: 'Limit',
      limit: formatINR(daily_loss_status.limit),
      safe: daily_loss_status.safe,
    },
    {
      name: 'Positions',
      currentLabel: 'Open',
      current: positions_status.current.toLocaleString('en-IN'),
      limitLabel: 'Limit',
      limit: positions_status.limit.toLocaleString('en-IN'),
      safe: positions_status.safe,
    },
    {
      name: 'Exposure',
      currentLabel: 'Invested',
      current: formatPercent(exposure_status.current_percentage),
      limitLabel: 'Limit',
      limit: formatPercent(exposure_status.limit_percentage),
      safe: exposure_status.safe,
    },
  ];
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Item = styled.li<{ $colour: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ $colour }) => `${$colour}66`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $colour }) => `${$colour}12`};
`;

const Heading = styled.div<{ $colour: string }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    color: ${({ $colour }) => $colour};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const Figures = styled(FactList)`
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  dd {
    font-family: ${({ theme }) => theme.font.mono};
  }
`;

/** A tick in a circle (safe) or a triangle with "!" (warning); drawn, as the machines have no emoji font. */
function StatusIcon({ safe }: { safe: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {safe ? (
        <>
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M4.8 8.3l2.2 2.2 4.2-4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </>
      ) : (
        <>
          <path d="M8 1.5l7 12.5H1z" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 6v4M8 11.5v1.2" stroke="currentColor" strokeWidth="1.6" />
        </>
      )}
    </svg>
  );
}

/** spec part 2 §2.5 "Risk Limits Status": each check with a safe tick or a warning icon. */
export function RiskLimitsStatus({ status }: { status: LimitsStatus }) {
  return (
    <Card title="Risk Limits Status">
      <List>
        {checksOf(status).map((check) => {
          const colour = toneColour(check.safe ? 'positive' : 'warning');
          return (
            <Item key={check.name} $colour={colour}>
              <Heading $colour={colour}>
                {check.name}
                <span>
                  <StatusIcon safe={check.safe} />
                  {check.safe ? 'Safe' : 'Warning'}
                </span>
              </Heading>
              <Figures>
                <dt>{check.currentLabel}</dt>
                <dd>{check.current}</dd>
                <dt>{check.limitLabel}</dt>
                <dd>{check.limit}</dd>
              </Figures>
            </Item>
          );
        })}
      </List>
    </Card>
  );
}
