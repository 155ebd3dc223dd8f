import { errorMessage, useOrderRate } from '@td/api-client';
import { Badge, Card, FactList, formatPercent, Skeleton, type Tone } from '@td/ui';
import { Fragment } from 'react';
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
      ) : !rate ? (
        <Skeleton lines={3} label="Loading the order rate" />
      ) : (
        <FactList aria-label="Orders sent to Upstox against each limit">
          {rate.windows.map((use) => (
            <Fragment key={use.window_ms}>
              <dt>{windowName(use.window_ms)}</dt>
              <dd>
                {use.sent.toLocaleString('en-IN')} of {use.limit.toLocaleString('en-IN')}{' '}
                <Badge tone={shareTone(use.share_percent)}>
                  {formatPercent(use.share_percent, { decimals: 1 })} in use
                </Badge>
              </dd>
            </Fragment>
          ))}
        </FactList>
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
