import { errorMessage, useOrderRate } from '@td/api-client';
import type { OrderRateWindowUse } from '@td/contracts';
import { Badge, Card, formatPercent, Table, type TableColumn, type Tone } from '@td/ui';
import styled from 'styled-components';

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const WINDOW_NAMES: Record<number, string> = {
  1000: 'Last second',
  60000: 'Last minute',
  1800000: 'Last 30 minutes',
};

const windowName = (ms: number) => WINDOW_NAMES[ms] ?? `Last ${ms / 1000} s`;

/** Near a limit the throttle starts to hold orders back: amber from 70 %, red at the limit. */
const shareTone = (percent: number): Tone =>
  percent >= 100 ? 'negative' : percent >= 70 ? 'warning' : 'positive';

const COLUMNS: readonly TableColumn<OrderRateWindowUse>[] = [
  { key: 'window', header: 'Window', cell: (row) => windowName(row.window_ms) },
  { key: 'sent', header: 'Orders sent', align: 'right', cell: (row) => row.sent.toLocaleString('en-IN') },
  { key: 'limit', header: 'Limit', align: 'right', cell: (row) => row.limit.toLocaleString('en-IN') },
  {
    key: 'share',
    header: 'In use',
    align: 'right',
    cell: (row) => (
      <Badge tone={shareTone(row.share_percent)}>{formatPercent(row.share_percent, { decimals: 1 })}</Badge>
    ),
  },
];

/**
 * SEBI's 10 orders a second per account (above it an algo must be registered) and Upstox's minute and
 * 30-minute limits: the live account's place, modify and cancel calls in each window, and the share in use.
 */
export function OrderRateCard() {
  const query = useOrderRate();
  const rate = query.data;
  return (
    <Card title="Order Rate (live account)">
      {query.isError && !rate ? (
        <p role="alert">
          {errorMessage(query.error, 'The order rate could not be read. It refreshes every 10 s.')}
        </p>
      ) : (
        <Table
          label="Orders sent to Upstox against each limit"
          columns={COLUMNS}
          rows={rate?.windows ?? []}
          rowKey={(row) => String(row.window_ms)}
          loading={!rate}
          loadingRows={3}
        />
      )}
      <Note>
        Place, modify and cancel calls to Upstox, all paths together. Above the limit orders wait their turn
        in arrival order
        {rate
          ? rate.shared
            ? '; the limits hold across every instance.'
            : '; this instance sends them all.'
          : '.'}
      </Note>
    </Card>
  );
}
