import type { PerformanceAnalytics, PerformanceReturns } from '@td/contracts';
import { Card, EmptyState, FactList, formatPercent, formatSignedINR } from '@td/ui';
import styled from 'styled-components';
import { DailyPnlHeatmap } from './daily-pnl-heatmap';
import { EquityChart } from './equity-chart';
import { SourceNote } from './source-note';
import { withRatiosNote } from './with-ratios-note';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.desktopUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export interface OverviewTabProps {
  analytics: PerformanceAnalytics;
  returns: PerformanceReturns;
}

/** spec part 2 §2.3 overview: the equity and drawdown chart, Key Statistics and the 30-day P&L heatmap. */
export function OverviewTab({ analytics: a, returns }: OverviewTabProps) {
  return (
    <>
      <Card title="Equity and drawdown" action={<SourceNote source={returns.source} />}>
        {returns.equity.length > 0 ? (
          <EquityChart equity={returns.equity} />
        ) : (
          <EmptyState
            title="No sessions in this period"
            message="The curve starts with the first session the account held cash or shares."
          />
        )}
      </Card>
      <Columns>
        <Card title="Key Statistics">
          <FactList aria-label="Key Statistics">
            <dt>Average Win</dt>
            <dd>{formatSignedINR(a.avg_win)}</dd>
            <dt>Average Loss</dt>
            <dd>{formatSignedINR(a.avg_loss)}</dd>
            <dt>Best Trade</dt>
            <dd>{formatSignedINR(a.largest_win)}</dd>
            <dt>Worst Trade</dt>
            <dd>{formatSignedINR(a.largest_loss)}</dd>
            <dt>Volatility</dt>
            <dd>{withRatiosNote(formatPercent(a.volatility), a.ratios_note)}</dd>
          </FactList>
        </Card>
        <Card title="Daily P&L, last 30 days">
          {returns.equity.length > 0 ? (
            <DailyPnlHeatmap equity={returns.equity} />
          ) : (
            <EmptyState title="No sessions in this period" />
          )}
        </Card>
      </Columns>
    </>
  );
}
