import { useMarketSentimentReport, useNews } from '@td/api-client';
import type { NewsWindow, ScoredHeadline } from '@td/contracts';
import { Badge, formatIstClock, formatNumber, newsWindowEnd, newsWindowLabel, newsWindowNote } from '@td/ui';
import styled from 'styled-components';
import { NotConnected, SENTIMENT_TONE, sentimentLabel } from '../../components/ml-status';
import { sentimentOverDay } from './sentiment-over-day';
import { SentimentTrendChart } from './sentiment-trend-chart';

export const HEADLINES_SHOWN = 6;
/** Enough of the day's news to draw its trend; the server caps a reply at 200. */
const HEADLINES_READ = 200;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Headlines = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    align-items: baseline;
    padding: ${({ theme }) => theme.space(2.5)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  small {
    grid-column: 2;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const Score = styled.span`
  min-width: 4.2em;
  font-family: ${({ theme }) => theme.font.mono};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const signed = (score: number) => `${score > 0 ? '+' : ''}${formatNumber(score)}`;

function HeadlineRow({ headline }: { headline: ScoredHeadline }) {
  const label = sentimentLabel(headline.score);
  return (
    <li>
      <Score>
        <Badge tone={SENTIMENT_TONE[label]}>{signed(headline.score)}</Badge>
      </Score>
      <strong>{headline.title}</strong>
      <small>
        {[
          headline.source,
          `${formatIstClock(headline.timestamp)} IST`,
          headline.symbols.join(', '),
          `${label}, confidence ${Math.round(headline.confidence * 100)}%`,
          headline.simulated ? 'simulated' : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </small>
    </li>
  );
}

function TopicList({
  label,
  topics,
  tone,
}: {
  label: string;
  topics: string[];
  tone: 'positive' | 'negative';
}) {
  if (topics.length === 0) return null;
  return (
    <Topics aria-label={label}>
      {topics.map((topic) => (
        <li key={topic}>
          <Badge tone={tone}>{topic}</Badge>
        </li>
      ))}
    </Topics>
  );
}

/**
 * The news behind the market's sentiment (exposed as ./SentimentPanel for the dashboard's pipeline
 * card): the day's trend drawn from the scored headlines, the bullish and bearish topics, and the
 * latest headlines with their scores. Each part says on its own when its call fails.
 */
export function SentimentPanel() {
  const news = useNews(HEADLINES_READ);
  const market = useMarketSentimentReport();
  const headlines = news.data?.headlines ?? [];
  const points = news.data
    ? sentimentOverDay(headlines, newsWindowEnd(news.data.window, news.dataUpdatedAt))
    : [];
  const report = market.data;
  const fromLastSession = (window: NewsWindow | undefined) =>
    window?.basis === 'last_session' ? <p>{newsWindowNote(window)}</p> : null;
  return (
    <Root>
      <section aria-label="Sentiment over the day">
        <h3>Sentiment over the day</h3>
        {fromLastSession(news.data?.window)}
        {news.data ? (
          points.length > 0 ? (
            <SentimentTrendChart points={points} />
          ) : (
            <p>No headlines in the last 24 hours yet.</p>
          )
        ) : news.isError ? (
          <NotConnected error={news.error} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </section>
      <section aria-label="Sentiment topics">
        <h3>Bullish and bearish topics</h3>
        {fromLastSession(report?.window)}
        {report ? (
          report.bullish_topics.length + report.bearish_topics.length > 0 ? (
            <>
              <TopicList label="Bullish topics" topics={report.bullish_topics} tone="positive" />
              <TopicList label="Bearish topics" topics={report.bearish_topics} tone="negative" />
            </>
          ) : (
            <p>No topic leans bullish or bearish yet.</p>
          )
        ) : market.isError ? (
          <NotConnected error={market.error} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </section>
      <section aria-label="Latest headlines">
        <h3>
          Latest headlines
          {news.data
            ? ` (${Math.min(HEADLINES_SHOWN, headlines.length)} of ${news.data.total} ${newsWindowLabel(news.data.window)})`
            : ''}
        </h3>
        {news.data ? (
          headlines.length > 0 ? (
            <Headlines>
              {headlines.slice(0, HEADLINES_SHOWN).map((headline) => (
                <HeadlineRow key={headline.id} headline={headline} />
              ))}
            </Headlines>
          ) : (
            <p>No headlines yet.</p>
          )
        ) : news.isError ? (
          <NotConnected error={news.error} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </section>
    </Root>
  );
}
