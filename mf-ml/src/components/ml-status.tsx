import { errorMessage } from '@td/api-client';
import { Badge, Card, FactList, formatNumber, formatShare, type Tone } from '@td/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// spec part 2 §8 "ML": a card whose status call is unsuccessful says so in these words.
export const NOT_CONNECTED = 'Not Connected (Future Enhancement)';
export const STATUS_UNAVAILABLE = 'Status Unavailable';

/** spec part 2 §4: health score 0.8 or more green, 0.6 or more yellow, else red. */
export function scoreTone(score: number | null | undefined): Tone {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'neutral';
  if (score >= 0.8) return 'positive';
  if (score >= 0.6) return 'warning';
  return 'negative';
}

export type SentimentLabel = 'bullish' | 'bearish' | 'neutral';

/** spec part 2 §4: sentiment above 0.2 bullish, below −0.2 bearish, else neutral. */
export function sentimentLabel(score: number | null | undefined): SentimentLabel {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'neutral';
  if (score > 0.2) return 'bullish';
  if (score < -0.2) return 'bearish';
  return 'neutral';
}

export const SENTIMENT_TONE: Record<SentimentLabel, Tone> = {
  bullish: 'positive',
  bearish: 'negative',
  neutral: 'neutral',
};

/** spec part 2 §4: Active (active); Initializing (enabled but not active); Inactive. */
export function EnhancementBadge({ active, enabled }: { active?: boolean | null; enabled?: boolean | null }) {
  if (active)
    return (
      <Badge tone="positive" dot>
        Active
      </Badge>
    );
  if (enabled)
    return (
      <Badge tone="warning" dot>
        Initializing
      </Badge>
    );
  return (
    <Badge tone="neutral" dot>
      Inactive
    </Badge>
  );
}

/** A 0–1 fraction as a percent ("0.734" → "73.4%"); the dash when missing. */
export const share = formatShare;

export const count = (value: number | null | undefined) => formatNumber(value, { decimals: 0 });

const Score = styled.span<{ $tone: Tone }>`
  color: ${({ theme, $tone }) =>
    $tone === 'positive'
      ? theme.colors.positive
      : $tone === 'warning'
        ? theme.colors.warning
        : $tone === 'negative'
          ? theme.colors.negative
          : theme.colors.textMuted};
  font-weight: 600;
`;

/** A 0–1 health score as a percent in its band's colour. */
export function HealthScore({ score }: { score: number | null | undefined }) {
  return <Score $tone={scoreTone(score)}>{share(score)}</Score>;
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  /* The spec's long label must wrap inside a narrow card rather than overflow it. */
  > span {
    max-width: 100%;
    white-space: normal;
  }
  small {
    display: block;
    margin-top: ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.fontSize.xs};
    overflow-wrap: anywhere;
  }
`;

/** What a card shows when its own call failed: the spec's words and the server's reason. */
export function NotConnected({ error, label = NOT_CONNECTED }: { error: unknown; label?: string }) {
  const reason = errorMessage(error, '');
  return (
    <Muted role="status">
      <Badge tone="negative" dot>
        {label}
      </Badge>
      {reason && <small>{reason}</small>}
    </Muted>
  );
}

export const Facts = styled(FactList)`
  dd {
    overflow-wrap: anywhere;
  }
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min ?? '240px'}, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(3)};
  }
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

export const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;
`;

export interface StatusCardProps<T> {
  title: string;
  /** The call's state, as react-query gives it. */
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown };
  /** A badge beside the title once the call answered. */
  badge?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
  /** What a failed call says instead of the figures (the orchestrator says Status Unavailable). */
  failedLabel?: string;
}

/**
 * One ML status card: its figures from its own call, "Loading…" before the first answer, and the
 * spec's Not Connected (Future Enhancement) only when that call failed. A failed refetch keeps the
 * last good figures (react-query keeps them) and says the call failed beneath them.
 */
export function StatusCard<T>({ title, query, badge, children, failedLabel }: StatusCardProps<T>) {
  const { data } = query;
  return (
    <Card title={title} action={data !== undefined && badge ? badge(data) : undefined}>
      {data !== undefined ? (
        <>
          {children(data)}
          {query.isError && (
            <Note role="status">The last refresh failed: these figures are from the previous answer.</Note>
          )}
        </>
      ) : query.isError ? (
        <NotConnected error={query.error} label={failedLabel} />
      ) : (
        <Muted aria-busy="true">Loading…</Muted>
      )}
    </Card>
  );
}
