import type { MarketSentimentReport, NewsWindow, SentimentTrend } from '@td/contracts';

/** The fields of a headline the aggregation reads. */
export interface SentimentSample {
  at: number;
  score: number;
  confidence: number;
  sentiment: 'positive' | 'negative' | 'neutral';
  sectors: readonly string[];
  event_type: string | null;
}

const HOUR_MS = 3_600_000;
export const WINDOW_HOURS = 24;
/** A headline's weight halves every six hours. */
export const HALF_LIFE_HOURS = 6;
/** Evidence needed for half confidence: about four strong headlines of the last hours. */
const EVIDENCE_HALF = 2;
const TOPICS_PER_SIDE = 5;
const TRENDING_TOPICS = 8;
/** spec part 1 §4: improving above 0.1, declining below −0.1. */
const TREND_BAND = 0.1;

/** Recency × confidence: what one headline counts for at `now`. */
export function weightOf(sample: SentimentSample, now: number): number {
  const ageHours = Math.max(0, (now - sample.at) / HOUR_MS);
  return sample.confidence * 0.5 ** (ageHours / HALF_LIFE_HOURS);
}

export interface WeightedReading {
  /** Weighted mean score, −1…1 (0 with no weight). */
  score: number;
  /** 0…1: how much agreeing, recent, confident news there is. */
  confidence: number;
  count: number;
}

/** The weighted mean of the samples' scores at `now`, with a confidence that grows with evidence and agreement. */
export function weightedReading(samples: readonly SentimentSample[], now: number): WeightedReading {
  let weight = 0;
  let weighted = 0;
  let spread = 0;
  for (const sample of samples) {
    const w = weightOf(sample, now);
    weight += w;
    weighted += w * sample.score;
    spread += w * Math.abs(sample.score);
  }
  if (weight === 0 || spread === 0) return { score: 0, confidence: 0, count: samples.length };
  const agreement = Math.abs(weighted) / spread;
  return {
    score: clamp(weighted / weight, -1, 1),
    confidence: clamp(agreement * (weight / (weight + EVIDENCE_HALF)), 0, 1),
    count: samples.length,
  };
}

/** spec part 1 §4 "Sentiment trend" on the −1…1 score. */
export function sentimentTrend(score: number): SentimentTrend {
  if (score > TREND_BAND) return 'improving';
  if (score < -TREND_BAND) return 'declining';
  return 'neutral';
}

const EVENT_TOPICS: Readonly<Record<string, string>> = {
  results_beat: 'Earnings',
  results_miss: 'Earnings',
  guidance_raise: 'Guidance',
  guidance_cut: 'Guidance',
  rating_upgrade: 'Broker ratings',
  rating_downgrade: 'Broker ratings',
  order_win: 'Order wins',
  regulatory_action: 'Regulation',
};

function topicsOf(sample: SentimentSample): string[] {
  const event = sample.event_type ? EVENT_TOPICS[sample.event_type] : undefined;
  return event ? [...sample.sectors, event] : [...sample.sectors];
}

/**
 * The market's sentiment over the last 24 h (spec part 1 §3 "Sentiment", part 2 §3): the weighted
 * mean score, its confidence, the trend by the spec's rule, the change against the same reading a
 * day earlier, label counts, and topics (sectors and event kinds) ranked by weighted sentiment.
 * `window` is the span read, ending at `now` (the pipeline reads a shut market's last session at its
 * end); the day before it is the comparison, or for a last session the day of the news before it (the
 * session before, across a weekend or a holiday).
 */
export function marketSentimentReport(
  samples: readonly SentimentSample[],
  now: number,
  window: NewsWindow = lastDay(now),
): MarketSentimentReport {
  const windowStart = Date.parse(window.from);
  const today = samples.filter((sample) => sample.at > windowStart && sample.at <= now);
  const anchor = comparedUpTo(samples, windowStart, window);
  const dayBefore = samples.filter(
    (sample) => sample.at > anchor - WINDOW_HOURS * HOUR_MS && sample.at <= anchor,
  );
  const reading = weightedReading(today, now);
  const earlier = dayBefore.length > 0 ? weightedReading(dayBefore, anchor) : null;
  const topicWeight = new Map<string, { sum: number; mentions: number }>();
  for (const sample of today) {
    const w = weightOf(sample, now);
    for (const topic of topicsOf(sample)) {
      const entry = topicWeight.get(topic) ?? { sum: 0, mentions: 0 };
      entry.sum += w * sample.score;
      entry.mentions += 1;
      topicWeight.set(topic, entry);
    }
  }
  const ranked = [...topicWeight.entries()];
  const side = (sign: 1 | -1) =>
    ranked
      .filter(([, entry]) => sign * entry.sum > 0.01)
      .sort((a, b) => sign * b[1].sum - sign * a[1].sum)
      .slice(0, TOPICS_PER_SIDE)
      .map(([topic]) => topic);
  const newest = today.reduce((max, sample) => Math.max(max, sample.at), Number.NEGATIVE_INFINITY);
  const count = (label: SentimentSample['sentiment']) =>
    today.filter((sample) => sample.sentiment === label).length;
  return {
    overall: { score: round((reading.score + 1) / 2), confidence: round(reading.confidence) },
    overall_sentiment: round(reading.score),
    sentiment_trend: sentimentTrend(reading.score),
    change_24h: earlier ? round(reading.score - earlier.score) : null,
    confidence: round(reading.confidence),
    positive_count: count('positive'),
    neutral_count: count('neutral'),
    negative_count: count('negative'),
    bullish_topics: side(1),
    bearish_topics: side(-1),
    trending_topics: ranked
      .sort((a, b) => b[1].mentions - a[1].mentions || Math.abs(b[1].sum) - Math.abs(a[1].sum))
      .slice(0, TRENDING_TOPICS)
      .map(([topic]) => topic),
    sources: { news: { count: today.length } },
    last_updated: Number.isFinite(newest) ? new Date(newest).toISOString() : null,
    window_hours: WINDOW_HOURS,
    window,
  };
}

function lastDay(now: number): NewsWindow {
  const from = new Date(now - WINDOW_HOURS * HOUR_MS).toISOString();
  return { from, to: new Date(now).toISOString(), basis: 'last_24h', reason: null };
}

function clamp(value: number, low: number, high: number): number {
  return Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : 0;
}

function round(value: number): number {
  return Math.round(clamp(value, -2, 2) * 10_000) / 10_000;
}

/** Where the comparison's day ends: the window's start, or for a last session the newest news before it. */
function comparedUpTo(samples: readonly SentimentSample[], windowStart: number, window: NewsWindow): number {
  if (window.basis !== 'last_session') return windowStart;
  let newest = Number.NEGATIVE_INFINITY;
  for (const sample of samples) if (sample.at <= windowStart && sample.at > newest) newest = sample.at;
  return Number.isFinite(newest) ? newest : windowStart;
}
