import { errorMessage, useQuickStats } from '@td/api-client';
import { Button, formatPercent, formatRate, Skeleton } from '@td/ui';
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

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
`;

const FEED_DOWN = 'The market data feed is not connected.';
const UNREACHABLE = 'Failed to fetch quick stats: the server did not answer.';

/**
 * spec part 1 §2 "Quick Stats" and §4 "Quick stats connection". Retry shows only once something
 * failed, beside the sentence saying what: a bare Retry under healthy figures reads as an error.
 */
export function QuickStatsPanel() {
  const { data, error, isPending, isError, refetch, isFetching } = useQuickStats();
  const failure = isError
    ? errorMessage(error, UNREACHABLE)
    : data?.connection_status !== 'connected'
      ? FEED_DOWN
      : null;
  return (
    <SidePanel aria-labelledby="quick-stats-title">
      <h2 id="quick-stats-title">Quick Stats</h2>
      {isPending ? (
        <Skeleton lines={4} />
      ) : failure || !data ? (
        <div role="status">
          <p>Disconnected from data source</p>
          <p>No data available</p>
          <Failure>{failure}</Failure>
          <Button size="sm" variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        </div>
      ) : (
        <dl>
          <dt>Active Positions</dt>
          <dd>{data.active_positions}</dd>
          <dt>Win Rate</dt>
          <dd>{formatRate(data.win_rate, data.closed_trades)}</dd>
          <dt>Monthly Return</dt>
          <dd>{formatPercent(data.monthly_return, { signed: true })}</dd>
          <dt>Data Source</dt>
          <dd>{data.data_source}</dd>
        </dl>
      )}
    </SidePanel>
  );
}
