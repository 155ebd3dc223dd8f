import { Banner, Button, formatAge, formatIstClock } from '@td/ui';
import styled from 'styled-components';
import { OFFLINE_TITLE, UNABLE_TO_CONNECT, USING_CACHED } from './risk-messages';
import type { RiskCallFailure } from './use-risk-data';

const Lines = styled.ul`
  margin: 4px 0 0;
  padding-left: 1.1em;
  li + li {
    margin-top: 2px;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface OfflineBannerProps {
  failures: RiskCallFailure[];
  /** When the oldest figure still shown was fetched (ms); null when none was ever fetched. */
  lastGoodAt: number | null;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * spec part 1 §2: the banner 'Risk Management System Offline' and its two alerts. Instead of the
 * spec's fixed sample data it shows the last good figures with their age, or dashes when there are none.
 */
export function OfflineBanner({ failures, lastGoodAt, onRetry, retrying }: OfflineBannerProps) {
  const lastGood = lastGoodAt === null ? null : new Date(lastGoodAt).toISOString();
  return (
    <Banner
      tone="error"
      title={OFFLINE_TITLE}
      actions={
        <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      <Lines>
        <li>
          {UNABLE_TO_CONNECT}
          {failures.map((failure) => (
            <small key={failure.title}>
              <br />
              {failure.title}
              {failure.detail ? `: ${failure.detail}` : ''}
            </small>
          ))}
        </li>
        {lastGoodAt === null ? (
          <li>No risk figures have been received yet: they show as dashes until the server answers.</li>
        ) : (
          <li>
            {USING_CACHED}: the figures below are from {formatIstClock(lastGood)} IST,{' '}
            {formatAge(Date.now() - lastGoodAt)} old.
          </li>
        )}
      </Lines>
    </Banner>
  );
}
