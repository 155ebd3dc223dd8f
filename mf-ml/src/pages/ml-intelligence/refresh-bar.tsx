import { Button, formatIstClock } from '@td/ui';
import styled from 'styled-components';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

export interface RefreshBarProps {
  /** Epoch ms of the newest answer among the tab's calls; 0 before any. */
  updatedAt: number;
  refreshing: boolean;
  onRefresh(): void;
  /** "4 of 7 calls answered": how many of the tab's calls are connected. */
  connected: number;
  total: number;
}

/** spec part 2 §2.6: each tab has a Refresh button and refreshes itself every 30 seconds. */
export function RefreshBar({ updatedAt, refreshing, onRefresh, connected, total }: RefreshBarProps) {
  return (
    <Bar>
      <span aria-live="polite">
        {updatedAt
          ? `Updated ${formatIstClock(new Date(updatedAt).toISOString())} IST · ${connected} of ${total} services answering · refreshes every 30 s`
          : 'Connecting to the ML services…'}
      </span>
      <Button size="sm" variant="secondary" onClick={onRefresh} loading={refreshing}>
        Refresh
      </Button>
    </Bar>
  );
}
