import type { Candle } from '../../market/market-types';
import { NewsEventTracker } from './news-event-tracker';
import { isHit, newsEventPatterns, tallyCandlePatterns } from './pattern-hit-rates';

const bar = (open: number, high: number, low: number, close: number, i: number): Candle => ({
  symbol: 'TEST',
  interval: '1d',
  openTime: i * 86_400_000,
  open,
  high,
  low,
  close,
  volume: 1000,
  source: 'simulator',
});

describe('tallyCandlePatterns', () => {
  it('scores a bullish engulfing by the next close: a rise is a hit, a fall a miss', () => {
    // Down bar, then an up bar engulfing it: bullish engulfing on bar 1.
    const rising = [bar(105, 106, 99, 100, 0), bar(99, 108, 98, 107, 1), bar(107, 111, 106, 110, 2)];
    const falling = [bar(105, 106, 99, 100, 0), bar(99, 108, 98, 107, 1), bar(107, 107, 100, 101, 2)];
    const tally = tallyCandlePatterns([rising, falling], 1).get('bullish_engulfing')!;
    expect(tally).toMatchObject({ occurrences: 2, resolved: 2, hits: 1 });
    // forward returns 110/107 − 1 and 101/107 − 1
    expect(tally.sumForwardReturn).toBeCloseTo(110 / 107 - 1 + (101 / 107 - 1), 10);
  });

  it('counts an occurrence on the last bar but leaves it unresolved', () => {
    const bars = [bar(105, 106, 99, 100, 0), bar(99, 108, 98, 107, 1)];
    expect(tallyCandlePatterns([bars], 1).get('bullish_engulfing')).toMatchObject({
      occurrences: 1,
      resolved: 0,
      hits: 0,
    });
  });

  it('tests a doji against a reversal of the prior move', () => {
    // Up move into a doji (open ≈ close), then a fall: the reversal came true.
    const bars = [
      bar(100, 101, 99, 100, 0),
      bar(100, 104, 99, 103, 1),
      bar(103, 105, 101, 103.05, 2),
      bar(103, 103, 98, 99, 3),
    ];
    const doji = tallyCandlePatterns([bars], 1).get('doji')!;
    expect(doji.resolved).toBeGreaterThanOrEqual(1);
    expect(isHit('reversal', -0.02, +0.03)).toBe(true);
    expect(isHit('reversal', +0.02, +0.03)).toBe(false);
    expect(isHit('reversal', +0.02, 0)).toBe(false);
  });
});

describe('news event hit rates', () => {
  it('groups by event type and polarity and measures how often the price followed', () => {
    const patterns = newsEventPatterns(
      [
        { eventType: 'results', expected: 'up', forwardReturn: 0.01 },
        { eventType: 'results', expected: 'up', forwardReturn: 0.02 },
        { eventType: 'results', expected: 'up', forwardReturn: -0.01 },
        { eventType: 'results', expected: 'down', forwardReturn: -0.03 },
        { eventType: 'rating_change', expected: 'up', forwardReturn: null },
      ],
      '30 minutes',
    );
    const positive = patterns.find((p) => p.name === 'results · positive')!;
    expect(positive).toMatchObject({
      kind: 'news_event',
      occurrences: 3,
      resolved: 3,
      hits: 2,
      learned: false,
    });
    expect(positive.hit_rate).toBeCloseTo(2 / 3, 10);
    expect(positive.avg_forward_return).toBeCloseTo(0.02 / 3, 10);
    expect(patterns.find((p) => p.name === 'results · negative')).toMatchObject({ hits: 1, hit_rate: 1 });
    expect(patterns.find((p) => p.name === 'rating_change · positive')).toMatchObject({
      occurrences: 1,
      resolved: 0,
      hit_rate: null,
      avg_forward_return: null,
    });
  });

  it('follows a headline from the price at its time to the price after the horizon', () => {
    const prices = new Map<number, number>([
      [1_000, 100],
      [1_000 + 60_000, 103],
    ]);
    const tracker = new NewsEventTracker(60_000, (_symbol, at) => prices.get(at));
    tracker.observe([{ id: 'a', at: 1_000, symbols: ['TCS'], score: 0.6, eventType: 'order_win' }]);
    // Seen again on the next build: followed once.
    tracker.observe([{ id: 'a', at: 1_000, symbols: ['TCS'], score: 0.6, eventType: 'order_win' }]);
    tracker.resolve(30_000);
    expect(tracker.outcomes()).toEqual([{ eventType: 'order_win', expected: 'up', forwardReturn: null }]);
    tracker.resolve(61_000);
    expect(tracker.outcomes()).toEqual([
      { eventType: 'order_win', expected: 'up', forwardReturn: expect.closeTo(0.03, 10) },
    ]);
    expect(tracker.resolvedTotal).toBe(1);
  });
});
