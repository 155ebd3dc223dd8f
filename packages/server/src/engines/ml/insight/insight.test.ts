import type { Candle } from '../../market/market-types';
import { createInsight } from '.';
import type { InsightDeps } from './insight-engine';

const T0 = Date.parse('2026-01-05T04:00:00.000Z');
const MINUTE = 60_000;

const minuteBar = (symbol: string, i: number, open: number, close: number): Candle => ({
  symbol,
  interval: '1m',
  openTime: T0 + i * MINUTE,
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
  volume: 100,
  source: 'simulator',
});

/** A two-stock market whose one-minute bars a test writes; no daily history. */
function fakeMarket(bars: Map<string, Candle[]>) {
  return {
    instruments: [
      { symbol: 'TCS', sector: 'IT' },
      { symbol: 'ITC', sector: 'FMCG' },
    ],
    activeProvider: { source: 'simulator', historicalCandles: async () => [] as Candle[] },
    pipeline: { minuteBars: (symbol: string) => bars.get(symbol) ?? [] },
    lastPrice: (symbol: string) => bars.get(symbol)?.at(-1)?.close,
  } as unknown as InsightDeps['market'];
}

describe('createInsight', () => {
  it('learns a news event type’s hit rate from what the named stock did over the horizon', async () => {
    // TCS rises 100 → 103 over 40 minutes; ITC falls 200 → 190.
    const bars = new Map([
      [
        'TCS',
        Array.from({ length: 40 }, (_, i) => minuteBar('TCS', i, 100 + i * 0.075, 100 + (i + 1) * 0.075)),
      ],
      [
        'ITC',
        Array.from({ length: 40 }, (_, i) => minuteBar('ITC', i, 200 - i * 0.25, 200 - (i + 1) * 0.25)),
      ],
    ]);
    let now = T0 + 2 * MINUTE;
    const headlines = [
      {
        id: '1',
        symbols: ['TCS'],
        topics: ['orders'],
        score: 0.7,
        event_type: 'order_win',
        timestamp: T0 + 90_000,
      },
      {
        id: '2',
        symbols: ['ITC'],
        topics: ['orders'],
        score: 0.4,
        event_type: 'order_win',
        timestamp: T0 + 90_000,
      },
      { id: '3', symbols: ['ITC'], topics: [], score: 0, event_type: 'other', timestamp: T0 + 90_000 },
    ];
    const insight = createInsight({
      market: fakeMarket(bars),
      news: { headlines: () => headlines },
      now: () => now,
      options: { newsHorizonMs: 30 * MINUTE },
    });
    await insight.rebuild();
    expect(insight.learnedPatterns().news_events).toEqual([
      expect.objectContaining({ name: 'order_win · positive', occurrences: 2, resolved: 0, hit_rate: null }),
    ]);

    now = T0 + 35 * MINUTE;
    await insight.rebuild();
    const [orderWins] = insight.learnedPatterns().news_events;
    // TCS rose after its good news (a hit), ITC fell after its (a miss); the neutral headline foretold nothing.
    expect(orderWins).toMatchObject({
      occurrences: 2,
      resolved: 2,
      hits: 1,
      hit_rate: 0.5,
      horizon: '30 minutes',
    });
    const tcs = 100 + 31 * 0.075;
    const itc = 200 - 31 * 0.25;
    expect(orderWins!.avg_forward_return).toBeCloseTo(
      (tcs / (100 + 0.075) - 1 + (itc / (200 - 0.25) - 1)) / 2,
      10,
    );
    // Each stock with its topic and event type (TCS–orders, TCS–order_win, ITC–orders, ITC–order_win, ITC–other).
    expect(insight.knowledgeGraphStatus().relationships.news_co_mention).toBe(5);
  });

  it('keeps measuring when the news pipeline throws, and says so as an alert and a recommendation', async () => {
    const insight = createInsight({
      market: fakeMarket(new Map()),
      news: {
        headlines: () => {
          throw new Error('feed timed out');
        },
      },
      now: () => T0,
    });
    await insight.rebuild();
    const metrics = insight.intelligenceMetrics();
    // news, models and the ledger are each missing: three emergency alerts.
    expect(metrics.system_health.emergency_alerts).toBe(3);
    expect(metrics.shortcomings_analysis.recommendations[0]).toEqual({
      title: 'Restore the news feed',
      description: 'The news pipeline did not answer: feed timed out',
      priority: 'high',
    });
    expect(insight.enhancementsStatus().sentiment_analysis).toEqual({
      active: false,
      enabled: false,
      reason: 'The news pipeline did not answer: feed timed out',
    });
  });

  it('calls the health trend declining when accuracy falls between builds an hour apart', async () => {
    let now = T0;
    let accuracy = 0.7;
    const ensemble = () => ({
      total_predictions: 500,
      resolved_predictions: 400,
      ensemble_accuracy: accuracy,
      model_rebalances: 400,
      models: {},
      horizon: '30 minutes',
      note: null,
    });
    const insight = createInsight({
      market: fakeMarket(new Map()),
      models: {
        ensembleStatus: ensemble,
        onlineLearningStatus: () => null,
        explainabilityStatus: () => null,
      },
      now: () => now,
    });
    await insight.rebuild();
    const first = insight.intelligenceMetrics().system_health;
    expect(first.health_trend).toBe('stable');
    now += 61 * MINUTE;
    accuracy = 0.5;
    await insight.rebuild();
    const second = insight.intelligenceMetrics().system_health;
    expect(second.overall_health!).toBeLessThan(first.overall_health!);
    expect(second.health_trend).toBe('declining');
  });

  it('rebuilds on its schedule once started and stops when told', async () => {
    jest.useFakeTimers();
    try {
      const insight = createInsight({
        market: fakeMarket(new Map()),
        now: () => T0,
        options: { rebuildIntervalMs: 60_000 },
        // One slice per build: this test is about the schedule (sliced-insight.test.ts slices the build).
        sliceBudgetMs: Number.POSITIVE_INFINITY,
      });
      insight.start();
      await jest.advanceTimersByTimeAsync(0);
      expect(insight.autonomousLearningStatus()).toMatchObject({
        cycles_completed: 1,
        learning_active: true,
      });
      await jest.advanceTimersByTimeAsync(120_000);
      expect(insight.autonomousLearningStatus().cycles_completed).toBe(3);
      await insight.stop();
      await jest.advanceTimersByTimeAsync(120_000);
      expect(insight.autonomousLearningStatus()).toMatchObject({
        cycles_completed: 3,
        learning_active: false,
      });
    } finally {
      jest.useRealTimers();
    }
  });
});
