import type { UseQueryResult } from '@tanstack/react-query';
import type { MarketSentimentReport, SentimentStatus } from '@td/contracts';
import { Badge, formatIstDateTime, formatNumber, newsWindowNote } from '@td/ui';
import styled from 'styled-components';
import {
  count,
  EnhancementBadge,
  Facts,
  Note,
  SENTIMENT_TONE,
  StatusCard,
  sentimentLabel,
  share,
} from '../../components/ml-status';

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  list-style: none;
`;

const signed = (value: number | null) =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${formatNumber(value, { decimals: 2 })}`;

function TopicBadges({
  label,
  topics,
  tone,
}: {
  label: string;
  topics: string[];
  tone: 'positive' | 'negative';
}) {
  return topics.length === 0 ? null : (
    <Topics aria-label={label}>
      {topics.map((topic) => (
        <li key={topic}>
          <Badge tone={tone}>{topic}</Badge>
        </li>
      ))}
    </Topics>
  );
}

/** spec part 2 §2.6 "Market Sentiment Analysis"; the label by §4's ±0.2 rule, the trend by part 1 §4. */
export function MarketSentimentCard({ query }: { query: UseQueryResult<MarketSentimentReport> }) {
  return (
    <StatusCard
      title="Market Sentiment Analysis"
      query={query}
      badge={(s) => {
        const label = sentimentLabel(s.overall_sentiment);
        return (
          <Badge tone={SENTIMENT_TONE[label]} dot>
            {label}
          </Badge>
        );
      }}
    >
      {(s) => (
        <>
          <Facts>
            <dt>Overall sentiment (−1 to 1)</dt>
            <dd>{signed(s.overall_sentiment)}</dd>
            <dt>Trend</dt>
            <dd>{s.sentiment_trend}</dd>
            <dt>Change (24 h)</dt>
            <dd>{signed(s.change_24h)}</dd>
            <dt>Confidence</dt>
            <dd>{share(s.confidence)}</dd>
            <dt>Positive / neutral / negative</dt>
            <dd>
              {count(s.positive_count)} / {count(s.neutral_count)} / {count(s.negative_count)}
            </dd>
          </Facts>
          <TopicBadges label="Bullish topics" topics={s.bullish_topics} tone="positive" />
          <TopicBadges label="Bearish topics" topics={s.bearish_topics} tone="negative" />
          <Note>
            {s.window.basis === 'last_session'
              ? `${newsWindowNote(s.window)} (no headline in the last 24 h)`
              : `Over the last ${formatNumber(s.window_hours, { decimals: 0 })} h`}
            , weighted by recency and confidence
            {s.last_updated ? ` · newest headline ${formatIstDateTime(s.last_updated)} IST` : ''}
          </Note>
        </>
      )}
    </StatusCard>
  );
}

const MODE_TEXT = { simulator: 'Simulated newswire', rss: 'RSS feeds', none: 'No news source running' };

/** spec part 2 §2.6 "sentiment statistics": what the lexicon has processed, and from where. */
export function SentimentStatsCard({ query }: { query: UseQueryResult<SentimentStatus> }) {
  return (
    <StatusCard
      title="Sentiment Statistics"
      query={query}
      badge={(s) => <EnhancementBadge active={s.active} enabled={s.enabled} />}
    >
      {(s) => (
        <>
          <Facts>
            <dt>Articles processed</dt>
            <dd>{count(s.total_articles_processed)}</dd>
            <dt>Bullish articles</dt>
            <dd>{count(s.bullish_articles)}</dd>
            <dt>Bearish articles</dt>
            <dd>{count(s.bearish_articles)}</dd>
            <dt>Neutral articles</dt>
            <dd>{count(s.neutral_articles)}</dd>
            <dt>Average sentiment</dt>
            <dd>
              {signed(s.avg_sentiment)}
              {s.avg_sentiment !== null && ` (${sentimentLabel(s.avg_sentiment)})`}
            </dd>
            <dt>Source</dt>
            <dd>{MODE_TEXT[s.mode]}</dd>
          </Facts>
          <Note>
            Lexicon: {s.lexicon}
            {s.sources
              .filter((source) => source.enabled && source.last_error)
              .map((source) => ` · ${source.name}: ${source.last_error}`)
              .join('')}
          </Note>
        </>
      )}
    </StatusCard>
  );
}
