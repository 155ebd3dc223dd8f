import type { PerformanceAnalytics } from '@td/contracts';
import { Card, FactList, formatINR, formatNumber, formatPercent, formatSignedINR } from '@td/ui';
import styled from 'styled-components';
import { withRatiosNote } from './with-ratios-note';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const ratio = (value: number | null) => formatNumber(value, { decimals: 2 });

/** "3.2 hrs", "45 min"; the dash when there is no closed trade. */
export function formatHoldTime(hours: number | null): string {
  if (hours === null) return formatNumber(null);
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${formatNumber(hours, { decimals: 1 })} hrs`;
  return `${formatNumber(hours / 24, { decimals: 1 })} days`;
}

const day = (figure: PerformanceAnalytics['best_day']) =>
  figure ? `${formatSignedINR(figure.pnl)} on ${figure.date}` : formatNumber(null);

/** spec part 2 §2.3 statistics, every figure computed from the ledger (none fixed). */
export function StatisticsTab({ analytics: a }: { analytics: PerformanceAnalytics }) {
  return (
    <Columns>
      <Card title="Trades">
        <FactList aria-label="Trade statistics">
          <dt>Total Trades</dt>
          <dd>{a.total_trades}</dd>
          <dt>Winning Trades</dt>
          <dd>{a.winning_trades}</dd>
          <dt>Losing Trades</dt>
          <dd>{a.losing_trades}</dd>
          <dt>Avg Hold Time</dt>
          <dd>{formatHoldTime(a.avg_hold_time_hours)}</dd>
          <dt>Expectancy</dt>
          <dd>{formatSignedINR(a.expectancy)}</dd>
          <dt>Exposure</dt>
          <dd>{formatPercent(a.exposure_time_percent, { decimals: 1 })}</dd>
        </FactList>
      </Card>
      <Card title="Risk-adjusted">
        <FactList aria-label="Risk-adjusted statistics">
          <dt>Sharpe Ratio</dt>
          <dd>{withRatiosNote(ratio(a.sharpe_ratio), a.ratios_note)}</dd>
          <dt>Sortino Ratio</dt>
          <dd>{withRatiosNote(ratio(a.sortino_ratio), a.ratios_note)}</dd>
          <dt>Calmar Ratio</dt>
          <dd>{withRatiosNote(ratio(a.calmar_ratio), a.ratios_note)}</dd>
          <dt>Max Drawdown</dt>
          <dd>
            {formatPercent(a.max_drawdown)} ({formatINR(a.max_drawdown_amount)})
          </dd>
          <dt>Best Day</dt>
          <dd>{day(a.best_day)}</dd>
          <dt>Worst Day</dt>
          <dd>{day(a.worst_day)}</dd>
        </FactList>
      </Card>
    </Columns>
  );
}
