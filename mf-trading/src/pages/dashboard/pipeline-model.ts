import type { IntelligencePipelineData } from '@td/api-client';
import type { MarketSentiment, NewsHeadline, NewsWindow } from '@td/contracts';

// The pipeline card's figures, computed from the sentiment, engine and news replies (spec part 1 §2, §3, §9).

export type EventPriority = 'HIGH' | 'NORMAL' | 'CRITICAL';

/** spec part 1 §3 "Pipeline event": built on the client from a news headline. */
export interface PipelineEvent {
  id: string;
  title: string;
  headline: string;
  source: string;
  type: 'news';
  priority: EventPriority;
  /** Epoch milliseconds, or null when the headline carried no usable time. */
  timestamp: number | null;
  sentiment_score: number;
  impact_score: number;
  /** Share (0–1) of the headline's descriptive fields that arrived filled in. */
  quality: number;
}

export type SentimentTrend = 'improving' | 'declining' | 'neutral';
export type ImpactLevel = 'High' | 'Medium' | 'Low';

const HOUR_MS = 3_600_000;
export const EVENTS_SHOWN = 5;
export const TOPICS_SHOWN = 8;

function isPolar(sentiment: string | null | undefined): sentiment is 'positive' | 'negative' {
  return sentiment === 'positive' || sentiment === 'negative';
}

function timeOf(text: string | null | undefined): number | null {
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}

function qualityOf(headline: NewsHeadline): number {
  const filled = [
    Boolean(headline.summary?.trim()),
    timeOf(headline.timestamp) !== null,
    Boolean(headline.source?.trim()),
    headline.sentiment === 'positive' ||
      headline.sentiment === 'negative' ||
      headline.sentiment === 'neutral',
  ];
  return filled.filter(Boolean).length / filled.length;
}

/** spec part 1 §9 "News mapping": positive +0.7, negative −0.7, else 0; impact 0.65 or 0.4; HIGH when polar. */
export function eventFromHeadline(headline: NewsHeadline, index: number): PipelineEvent {
  const polar = isPolar(headline.sentiment);
  return {
    id: headline.id !== null && headline.id !== undefined ? String(headline.id) : `news-${index}`,
    title: headline.title,
    headline: headline.summary?.trim() || headline.title,
    source: headline.source?.trim() || 'News',
    type: 'news',
    priority: polar ? 'HIGH' : 'NORMAL',
    timestamp: timeOf(headline.timestamp),
    sentiment_score: headline.sentiment === 'positive' ? 0.7 : headline.sentiment === 'negative' ? -0.7 : 0,
    impact_score: polar ? 0.65 : 0.4,
    quality: qualityOf(headline),
  };
}

/** High and critical events of the last hour, newest first: the Events tab and the alert count. */
export function criticalEvents(events: readonly PipelineEvent[], now: number): PipelineEvent[] {
  return events
    .filter(
      (event) => event.priority !== 'NORMAL' && event.timestamp !== null && now - event.timestamp <= HOUR_MS,
    )
    .sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0));
}

/** The sentiment on a −1…1 scale: part 1 sends overall.score on 0…1, part 2 overall_sentiment on −1…1. */
export function normalisedSentiment(sentiment: MarketSentiment): number | null {
  if (typeof sentiment.overall?.score === 'number') return sentiment.overall.score * 2 - 1;
  return typeof sentiment.overall_sentiment === 'number' ? sentiment.overall_sentiment : null;
}

/** spec part 1 §4: improving above 0.1, declining below −0.1, otherwise neutral. */
export function sentimentTrend(normalised: number | null): SentimentTrend {
  if (normalised === null) return 'neutral';
  if (normalised > 0.1) return 'improving';
  if (normalised < -0.1) return 'declining';
  return 'neutral';
}

export function trendingTopics(sentiment: MarketSentiment): string[] {
  const topics = sentiment.trending_topics ?? [
    ...(sentiment.bullish_topics ?? []),
    ...(sentiment.bearish_topics ?? []),
  ];
  return [...new Set(topics.map((topic) => topic.trim()).filter(Boolean))].slice(0, TOPICS_SHOWN);
}

/** The mean impact of the events: at 0.6 and above the news moves the market (polar news is 0.65). */
export function impactLevel(events: readonly PipelineEvent[]): ImpactLevel {
  if (events.length === 0) return 'Low';
  const mean = events.reduce((sum, event) => sum + event.impact_score, 0) / events.length;
  if (mean >= 0.6) return 'High';
  if (mean >= 0.45) return 'Medium';
  return 'Low';
}

export interface PipelineHealth {
  status: 'healthy' | 'degraded';
  alerts: number;
  /** Headlines taken in on this pass. */
  queue: number;
  /** Share (0–1) of the server's engines that are not running. */
  errorRate: number;
  /** Minutes since the newest headline, or null when none carries a time. */
  latencyMinutes: number | null;
  /** Mean headline quality (0–1), or null with no headlines. */
  dataQuality: number | null;
}

export interface PipelineView {
  health: PipelineHealth;
  events: PipelineEvent[];
  intelligence: {
    trend: SentimentTrend;
    current: number | null;
    change: number | null;
    confidence: number | null;
    newsCount: number;
    topics: string[];
    impact: ImpactLevel;
    /** The span the sentiment's figures cover; null from a server that does not say (read as the last 24 h). */
    window: NewsWindow | null;
  };
}

export function pipelineView(
  { sentiment, engines, headlines }: IntelligencePipelineData,
  now: number,
): PipelineView {
  const events = headlines.map(eventFromHeadline);
  const critical = criticalEvents(events, now);
  const engineStates = Object.values(engines.engines);
  const stopped = engineStates.filter((engine) => !engine.running).length;
  const newest = Math.max(...events.map((event) => event.timestamp ?? Number.NEGATIVE_INFINITY));
  const current = normalisedSentiment(sentiment);
  return {
    health: {
      status: stopped === 0 ? 'healthy' : 'degraded',
      alerts: critical.length,
      queue: headlines.length,
      errorRate: engineStates.length > 0 ? stopped / engineStates.length : 0,
      latencyMinutes: Number.isFinite(newest) ? Math.max(0, Math.round((now - newest) / 60_000)) : null,
      dataQuality:
        events.length > 0 ? events.reduce((sum, event) => sum + event.quality, 0) / events.length : null,
    },
    events: critical.slice(0, EVENTS_SHOWN),
    intelligence: {
      trend: sentimentTrend(current),
      current,
      change: sentiment.change_24h ?? null,
      confidence: sentiment.overall?.confidence ?? sentiment.confidence ?? null,
      newsCount: sentiment.sources?.news?.count ?? headlines.length,
      topics: trendingTopics(sentiment),
      impact: impactLevel(events),
      window: sentiment.window ?? null,
    },
  };
}
