import {
  criticalEvents,
  eventFromHeadline,
  impactLevel,
  normalisedSentiment,
  sentimentTrend,
  trendingTopics,
} from './pipeline-model';

const NOW = Date.parse('2026-11-20T06:00:00.000Z');
const at = (minutesBefore: number) => new Date(NOW - minutesBefore * 60_000).toISOString();

describe('pipeline events from news (spec part 1 §9 news mapping)', () => {
  it('maps positive news to +0.7, impact 0.65 and HIGH priority', () => {
    expect(eventFromHeadline({ title: 'Up', sentiment: 'positive', timestamp: at(1) }, 0)).toMatchObject({
      id: 'news-0',
      sentiment_score: 0.7,
      impact_score: 0.65,
      priority: 'HIGH',
    });
  });

  it('maps negative news to -0.7, impact 0.65 and HIGH priority', () => {
    expect(eventFromHeadline({ title: 'Down', sentiment: 'negative' }, 1)).toMatchObject({
      sentiment_score: -0.7,
      impact_score: 0.65,
      priority: 'HIGH',
    });
  });

  it('maps any other sentiment to 0, impact 0.4 and NORMAL priority', () => {
    expect(eventFromHeadline({ title: 'Flat', sentiment: 'mixed' }, 2)).toMatchObject({
      sentiment_score: 0,
      impact_score: 0.4,
      priority: 'NORMAL',
    });
  });

  it('rates quality by the share of descriptive fields that arrived', () => {
    expect(eventFromHeadline({ title: 'Bare' }, 0).quality).toBe(0);
    const full = { title: 'Full', summary: 's', source: 'ET', sentiment: 'neutral', timestamp: at(1) };
    expect(eventFromHeadline(full, 0).quality).toBe(1);
  });

  it('keeps high-priority events of the last hour, newest first', () => {
    const events = [
      eventFromHeadline({ title: 'older', sentiment: 'positive', timestamp: at(50) }, 0),
      eventFromHeadline({ title: 'newer', sentiment: 'negative', timestamp: at(5) }, 1),
      eventFromHeadline({ title: 'neutral', sentiment: 'neutral', timestamp: at(2) }, 2),
      eventFromHeadline({ title: 'stale', sentiment: 'positive', timestamp: at(61) }, 3),
      eventFromHeadline({ title: 'undated', sentiment: 'positive' }, 4),
    ];
    expect(criticalEvents(events, NOW).map((event) => event.title)).toEqual(['newer', 'older']);
  });
});

describe('sentiment trend (spec part 1 §4)', () => {
  it('normalises a 0–1 score to −1…1 and takes part 2’s overall_sentiment as it is', () => {
    expect(normalisedSentiment({ overall: { score: 0.75 } })).toBeCloseTo(0.5);
    expect(normalisedSentiment({ overall_sentiment: -0.3 })).toBe(-0.3);
    expect(normalisedSentiment({})).toBeNull();
  });

  it('is improving above 0.1, declining below −0.1 and neutral between', () => {
    expect(sentimentTrend(0.11)).toBe('improving');
    expect(sentimentTrend(0.1)).toBe('neutral');
    expect(sentimentTrend(-0.1)).toBe('neutral');
    expect(sentimentTrend(-0.11)).toBe('declining');
    expect(sentimentTrend(null)).toBe('neutral');
  });
});

describe('topics and impact', () => {
  it('shows at most 8 distinct topics, bullish then bearish when no trending list is sent', () => {
    expect(trendingTopics({ bullish_topics: ['Banks', 'IT'], bearish_topics: ['IT', 'Metals'] })).toEqual([
      'Banks',
      'IT',
      'Metals',
    ]);
    expect(trendingTopics({ trending_topics: Array.from({ length: 12 }, (_, i) => `t${i}`) })).toHaveLength(
      8,
    );
  });

  it('is High when the news is mostly polar, Low when it is neutral or absent', () => {
    const polar = eventFromHeadline({ title: 'a', sentiment: 'positive' }, 0);
    const flat = eventFromHeadline({ title: 'b', sentiment: 'neutral' }, 1);
    expect(impactLevel([polar, polar])).toBe('High');
    expect(impactLevel([polar, flat])).toBe('Medium');
    expect(impactLevel([flat])).toBe('Low');
    expect(impactLevel([])).toBe('Low');
  });
});
