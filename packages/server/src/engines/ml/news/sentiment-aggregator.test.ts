import {
  marketSentimentReport,
  type SentimentSample,
  sentimentTrend,
  weightedReading,
  weightOf,
} from './sentiment-aggregator';

const NOW = Date.UTC(2026, 0, 5, 6, 0);
const HOUR = 3_600_000;

function sample(
  hoursAgo: number,
  score: number,
  confidence: number,
  sectors: string[] = [],
  event: string | null = null,
): SentimentSample {
  return {
    at: NOW - hoursAgo * HOUR,
    score,
    confidence,
    sentiment: score >= 0.05 ? 'positive' : score <= -0.05 ? 'negative' : 'neutral',
    sectors,
    event_type: event,
  };
}

describe('market sentiment from scored headlines', () => {
  it('halves a headline’s weight every six hours and scales it by its confidence', () => {
    expect(weightOf(sample(0, 0.5, 0.8), NOW)).toBeCloseTo(0.8, 10);
    expect(weightOf(sample(6, 0.5, 0.8), NOW)).toBeCloseTo(0.4, 10);
    expect(weightOf(sample(12, 0.5, 0.8), NOW)).toBeCloseTo(0.2, 10);
  });

  it('takes the recency- and confidence-weighted mean: fresh confident news outweighs stale news', () => {
    // weights 1·1 and 1·0.5^(12/6)=0.25: (0.8·1 − 0.8·0.25) / 1.25 = 0.48
    const reading = weightedReading([sample(0, 0.8, 1), sample(12, -0.8, 1)], NOW);
    expect(reading.score).toBeCloseTo(0.48, 10);
    expect(reading.count).toBe(2);
  });

  it('is more confident with more agreeing news and less with disagreeing news', () => {
    const one = weightedReading([sample(0, 0.6, 0.6)], NOW).confidence;
    const four = weightedReading(
      [0, 0, 1, 1].map((h) => sample(h, 0.6, 0.6)),
      NOW,
    ).confidence;
    const split = weightedReading([sample(0, 0.6, 0.6), sample(0, -0.6, 0.6)], NOW).confidence;
    expect(four).toBeGreaterThan(one);
    expect(split).toBe(0);
    expect(weightedReading([], NOW)).toEqual({ score: 0, confidence: 0, count: 0 });
  });

  it('calls the trend by the spec’s rule: improving above 0.1, declining below −0.1', () => {
    expect(sentimentTrend(0.11)).toBe('improving');
    expect(sentimentTrend(0.1)).toBe('neutral');
    expect(sentimentTrend(-0.1)).toBe('neutral');
    expect(sentimentTrend(-0.11)).toBe('declining');
  });

  it('reports counts, both score scales, the change against a day earlier, and topics by side', () => {
    const report = marketSentimentReport(
      [
        sample(1, 0.7, 0.6, ['Information Technology'], 'results_beat'),
        sample(2, 0.5, 0.5, ['Information Technology'], 'order_win'),
        sample(3, -0.6, 0.5, ['Metals & Mining'], 'guidance_cut'),
        sample(4, 0, 0, []),
        sample(30, -0.5, 0.6, ['Healthcare']),
        sample(50, 0.9, 1, ['Power']), // older than two days: not counted anywhere
      ],
      NOW,
    );
    expect(report).toMatchObject({
      positive_count: 2,
      negative_count: 1,
      neutral_count: 1,
      sources: { news: { count: 4 } },
      sentiment_trend: 'improving',
      bullish_topics: ['Information Technology', 'Earnings', 'Order wins'],
      bearish_topics: ['Metals & Mining', 'Guidance'],
      last_updated: new Date(NOW - HOUR).toISOString(),
    });
    expect(report.overall.score).toBeCloseTo((report.overall_sentiment + 1) / 2, 4);
    // A day earlier the only news was negative (−0.5): the change is today's score minus that.
    expect(report.change_24h).toBeCloseTo(report.overall_sentiment + 0.5, 3);
    expect(report.trending_topics[0]).toBe('Information Technology');
  });

  it('says nothing changed when there was no news a day earlier, and reads neutral with no news at all', () => {
    expect(marketSentimentReport([sample(1, 0.5, 0.5)], NOW).change_24h).toBeNull();
    expect(marketSentimentReport([], NOW)).toMatchObject({
      overall: { score: 0.5, confidence: 0 },
      overall_sentiment: 0,
      sentiment_trend: 'neutral',
      change_24h: null,
      last_updated: null,
    });
  });

  it('compares a last session shown after a holiday with the session before it, not the empty day between', () => {
    // Monday 26 Jan's session is shown on Wednesday (Tuesday a holiday); Friday 23 Jan's news came before it.
    const monday = { from: '2026-01-25T18:30:00.000Z', to: '2026-01-26T18:30:00.000Z' };
    const end = Date.parse(monday.to);
    const at = (iso: string, score: number): SentimentSample => ({
      at: Date.parse(iso),
      score,
      confidence: 0.8,
      sentiment: score > 0 ? 'positive' : 'negative',
      sectors: [],
      event_type: null,
    });
    const report = marketSentimentReport(
      [at('2026-01-23T06:00:00.000Z', -0.6), at('2026-01-26T06:00:00.000Z', 0.4)],
      end,
      { ...monday, basis: 'last_session', reason: 'The market has been shut since Monday 26 Jan.' },
    );
    expect(report.overall_sentiment).toBeCloseTo(0.4, 3);
    expect(report.change_24h).toBeCloseTo(1, 3);
  });
});
