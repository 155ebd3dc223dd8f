import { useQuickStats } from '@td/api-client';
import { Button, formatPercent, Skeleton } from '@td/ui';
import styled from 'styled-components';

export const SidePanel = styled.section`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 13px;
  h2 { margin: 0 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; color: ${({ theme }) => theme.colors.textMuted}; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: 6px 8px; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  p { margin: 4px 0; }
`;

/** spec part 1 §2 "Quick Stats" and §4 "Quick stats connection". */
export function QuickStatsPanel() {
  const { data, isPending, isError, refetch, isFetching } = useQuickStats();
  return (
    <SidePanel aria-labelledby="quick-stats-title">
      <h2 id="quick-stats-title">Quick Stats</h2>
      {isPending ? (
        <Skeleton lines={4} />
      ) : isError || data.connection_status !== 'connected' ? (
        <div role="status">
          <p>Disconnected from data source</p>
          <p>No data available</p>
        </div>
      ) : (
        <dl>
          <dt>Active Positions</dt>
          <dd>{data.active_positions}</dd>
          <dt>Win Rate</dt>
          <dd>{formatPercent(data.win_rate, { decimals: 1 })}</dd>
          <dt>Monthly Return</dt>
          <dd>{formatPercent(data.monthly_return, { signed: true })}</dd>
          <dt>Data Source</dt>
          <dd>{data.data_source}</dd>
        </dl>
      )}
      <Button size="sm" variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
        Retry
      </Button>
    </SidePanel>
  );
}
