import { useActivity } from '@td/api-client';
import type { ActivityItem } from '@td/contracts';
import { Card, DividedList, EmptyState, ErrorPanel, formatINR, Skeleton, toneColour } from '@td/ui';
import styled from 'styled-components';

const ITEMS_SHOWN = 10;

const List = styled(DividedList)`
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Action = styled.span<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  font-weight: 600;
`;

const Time = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function ActivityRow({ item }: { item: ActivityItem }) {
  // spec part 1 §3 "Activity item": action is Bought or another word (Sold).
  const colour = toneColour(item.action === 'Bought' ? 'positive' : 'negative');
  return (
    <li>
      <span>
        <Action $colour={colour}>{item.action}</Action> {item.quantity} <strong>{item.symbol}</strong> at{' '}
        {formatINR(item.price)}
      </span>
      <Time>{item.time_ago}</Time>
    </li>
  );
}

/** spec part 1 §2: the latest trades, newest first as the server sends them. */
export function RecentActivityCard() {
  const { data, isPending, isError, refetch, isFetching } = useActivity();
  return (
    <Card title="Recent Activity">
      {isPending ? (
        <Skeleton lines={4} label="Loading recent activity" />
      ) : isError ? (
        <ErrorPanel
          title="Recent activity unavailable"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.length === 0 ? (
        <EmptyState title="No recent activity" message="Trades appear here as soon as they are filled." />
      ) : (
        <List>
          {data.slice(0, ITEMS_SHOWN).map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </List>
      )}
    </Card>
  );
}
