import { useIntelligencePipeline } from '@td/api-client';
import { RemoteSlot } from '@td/platform';
import {
  Badge,
  Card,
  ErrorPanel,
  FactList,
  formatNumber,
  formatPercent,
  healthColour,
  newsWindowNote,
  Skeleton,
  Tabs,
  toneColour,
} from '@td/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { type PipelineEvent, type PipelineView, pipelineView } from './pipeline-model';

// spec part 1 §8 "Dashboard and pipeline".
export const AI_UNAVAILABLE = 'AI services unavailable - connecting to ML systems...';
export const AI_UNREACHABLE = 'Unable to connect to AI services';
export const NO_CRITICAL_EVENTS = 'No critical events in the last hour';

const Facts = styled(FactList)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Coloured = styled.span<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
  font-weight: 600;
`;

const Heading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const WindowNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Events = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
`;

const share = (value: number | null) =>
  value === null ? formatPercent(null) : formatPercent(value * 100, { decimals: 0 });
const signedShare = (value: number | null) =>
  value === null ? formatPercent(null) : formatPercent(value * 100, { signed: true, decimals: 0 });

function OverviewTab({ health }: { health: PipelineView['health'] }) {
  // spec part 1 §2: health other than 'healthy' is shown in red.
  const statusColour = health.status === 'healthy' ? healthColour('healthy') : toneColour('negative');
  return (
    <>
      <Heading>Pipeline health</Heading>
      <Facts>
        <dt>Status</dt>
        <dd>
          <Coloured $colour={statusColour}>{health.status}</Coloured>
        </dd>
        <dt>Alerts</dt>
        <dd>{health.alerts}</dd>
        <dt>Queue</dt>
        <dd>{health.queue}</dd>
        <dt>Error rate</dt>
        <dd>{share(health.errorRate)}</dd>
        <dt>Latency</dt>
        <dd>{health.latencyMinutes === null ? formatNumber(null) : `${health.latencyMinutes} min`}</dd>
      </Facts>
      <Heading>Data quality</Heading>
      <Facts>
        <dt>Complete headlines</dt>
        <dd>{share(health.dataQuality)}</dd>
      </Facts>
    </>
  );
}

function EventsTab({ events, now }: { events: PipelineEvent[]; now: number }) {
  if (events.length === 0) return <p>{NO_CRITICAL_EVENTS}</p>;
  return (
    <Events>
      {events.map((event) => (
        <li key={event.id}>
          <Badge tone={event.priority === 'NORMAL' ? 'neutral' : 'negative'}>{event.priority}</Badge>{' '}
          <strong>{event.title}</strong>
          <p>
            {event.source} · {Math.max(0, Math.round((now - (event.timestamp ?? now)) / 60_000))} min ago ·
            sentiment {formatNumber(event.sentiment_score)}
          </p>
        </li>
      ))}
    </Events>
  );
}

const TREND_TONE = { improving: 'positive', declining: 'negative', neutral: 'neutral' } as const;

function IntelligenceTab({ intelligence }: { intelligence: PipelineView['intelligence'] }) {
  const noteId = useId();
  // After a weekend or holiday the figures are the last session's (decision 0060): said as mf-ml says it.
  const span = intelligence.window;
  const note = span?.basis === 'last_session' ? newsWindowNote(span) : null;
  return (
    <>
      {note && <WindowNote id={noteId}>{note}</WindowNote>}
      <Facts aria-label="Market sentiment" aria-describedby={note ? noteId : undefined}>
        <dt>Market sentiment trend</dt>
        <dd>
          <Coloured $colour={toneColour(TREND_TONE[intelligence.trend])}>{intelligence.trend}</Coloured>
        </dd>
        <dt>Current sentiment</dt>
        <dd>{signedShare(intelligence.current)}</dd>
        <dt>Change (24 h)</dt>
        <dd>{signedShare(intelligence.change)}</dd>
        <dt>Confidence</dt>
        <dd>{share(intelligence.confidence)}</dd>
        <dt>News analysed</dt>
        <dd>{intelligence.newsCount}</dd>
        <dt>Impact level</dt>
        <dd>{intelligence.impact}</dd>
      </Facts>
      <Heading>Trending topics</Heading>
      {intelligence.topics.length > 0 ? (
        <Topics aria-label="Trending topics">
          {intelligence.topics.map((topic) => (
            <li key={topic}>
              <Badge tone="info">{topic}</Badge>
            </li>
          ))}
        </Topics>
      ) : (
        <p>No trending topics</p>
      )}
      {/* Headlines with their scores and the day's trend come from mf-ml at runtime (docs/decisions/0016). */}
      <RemoteSlot remote="ml" module="SentimentPanel" section="Market sentiment panel" />
    </>
  );
}

/** spec part 1 §2: the data-intelligence pipeline (sentiment, engines, news) in three tabs. */
export function IntelligencePipelineCard() {
  const { data, dataUpdatedAt, isPending, isError, refetch, isFetching } = useIntelligencePipeline();
  if (isError) {
    return (
      <Card title="Data Intelligence Pipeline">
        <ErrorPanel
          title={AI_UNREACHABLE}
          message={AI_UNAVAILABLE}
          onRetry={() => void refetch()}
          retryLabel="Retry Connection"
          retrying={isFetching}
        />
      </Card>
    );
  }
  if (isPending) {
    return (
      <Card title="Data Intelligence Pipeline">
        <Skeleton lines={4} label="Connecting to AI services" />
      </Card>
    );
  }
  const view = pipelineView(data, dataUpdatedAt);
  return (
    <Card title="Data Intelligence Pipeline">
      <Tabs
        label="Pipeline views"
        defaultValue="overview"
        tabs={[
          { id: 'overview', label: 'Overview', content: <OverviewTab health={view.health} /> },
          { id: 'events', label: 'Events', content: <EventsTab events={view.events} now={dataUpdatedAt} /> },
          {
            id: 'intelligence',
            label: 'Intelligence',
            content: <IntelligenceTab intelligence={view.intelligence} />,
          },
        ]}
      />
    </Card>
  );
}
