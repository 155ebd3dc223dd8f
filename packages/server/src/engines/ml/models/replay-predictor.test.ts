import type { Candle } from '../../market/market-types';
import type { SymbolBars } from '../../signals';
import type { StoredHeadline } from '../news/headline-store';
import { SentimentHistory } from '../news/sentiment-history';
import { ModelEnsemble } from './model-ensemble';
import type { Observation } from './model-types';
import { ReplayMlPredictor, type ReplayPredictorOptions } from './replay-predictor';

const MINUTE = 60_000;
const DAY1 = '2026-01-05';
const DAY2 = '2026-01-06';
const MINUTES = 100;
const open = (date: string) => Date.parse(`${date}T09:15:00+05:30`);
/** The loop ranks at a minute's last millisecond, once its bar is complete. */
const nowAt = (date: string, minute: number) => open(date) + minute * MINUTE + MINUTE - 1;

/** INFY rises 10 paise a minute, TCS falls 10, SBIN stays flat: each outcome is known in advance. */
const STEP: Record<string, number> = { INFY: 10, TCS: -10, SBIN: 0 };
const START: Record<string, number> = { INFY: 1_000_00, TCS: 2_000_00, SBIN: 500_00 };
const SECTORS: Record<string, string> = { INFY: 'IT', TCS: 'IT', SBIN: 'Banking' };
const SYMBOLS = Object.keys(STEP);

function sessionBars(symbol: string, date: string, first = START[symbol]!): Candle[] {
  return Array.from({ length: MINUTES }, (_, minute) => {
    const price = first + minute * STEP[symbol]!;
    return {
      symbol,
      interval: '1m',
      openTime: open(date) + minute * MINUTE,
      open: price,
      high: Math.max(price, price + STEP[symbol]!),
      low: Math.min(price, price + STEP[symbol]!),
      close: price + STEP[symbol]!,
      volume: 1_000 + (minute % 7) * 100,
      source: 'simulator',
    };
  });
}

const DAY1_BARS = new Map(SYMBOLS.map((symbol) => [symbol, sessionBars(symbol, DAY1)]));
const DAY2_BARS = new Map(
  SYMBOLS.map((symbol) => [symbol, sessionBars(symbol, DAY2, DAY1_BARS.get(symbol)!.at(-1)!.close)]),
);
/** The universe the loop hands over at a minute: each symbol's bars of the session so far. */
const universe = (bars: Map<string, Candle[]>, minute: number): SymbolBars[] =>
  SYMBOLS.map((symbol) => ({ symbol, bars: bars.get(symbol)!.slice(0, minute + 1) }));

/** Five daily closes before the replay, oldest first. */
const DAILY = new Map(SYMBOLS.map((symbol) => [symbol, [90_00, 91_00, 92_00, 93_00, START[symbol]!]]));

function predictor(options: Partial<ReplayPredictorOptions> = {}) {
  const ensemble = options.ensemble ?? new ModelEnsemble();
  const replay = new ReplayMlPredictor({
    ensemble,
    say: 1,
    sectorOf: (symbol) => SECTORS[symbol],
    dailyCloses: DAILY,
    learnEveryMinutes: 1,
    ...options,
  });
  return { ensemble, replay };
}

/** Predicts every minute from `from` to `to` of a session, returning the ensemble's learning count after each. */
function replayMinutes(
  replay: ReplayMlPredictor,
  ensemble: ModelEnsemble,
  date: string,
  from: number,
  to: number,
) {
  const bars = date === DAY1 ? DAY1_BARS : DAY2_BARS;
  const rebalances = new Map<number, number>();
  for (let minute = from; minute <= to; minute++) {
    replay.predict(universe(bars, minute), nowAt(date, minute));
    rebalances.set(minute, ensemble.rebalances);
  }
  return rebalances;
}

// The first prediction needs 60 bars: minute 59. Its outcome is the close 30 minutes after its bar ended.
const FIRST = 59;

describe('the ML ensemble replayed minute by minute', () => {
  it('learns nothing until a prediction’s 30-minute horizon has passed, then keeps learning', () => {
    const { ensemble, replay } = predictor();
    const rebalances = replayMinutes(replay, ensemble, DAY1, 50, 95);
    for (let minute = 50; minute <= FIRST + 30; minute++) expect(rebalances.get(minute)).toBe(0);
    expect(rebalances.get(FIRST + 31)).toBe(1);
    expect(rebalances.get(95)).toBe(1 + (95 - FIRST - 31));
  });

  it('gives no view before 60 bars, and a view of every symbol from then on', () => {
    const { replay } = predictor();
    expect(replay.predict(universe(DAY1_BARS, FIRST - 1), nowAt(DAY1, FIRST - 1))).toEqual([]);
    const views = replay.predict(universe(DAY1_BARS, FIRST), nowAt(DAY1, FIRST));
    expect(views.map((view) => view.symbol)).toEqual(SYMBOLS);
    for (const view of views) {
      expect(view.probability).toBeGreaterThanOrEqual(0);
      expect(view.probability).toBeLessThanOrEqual(1);
    }
  });

  it('tallies only resolved predictions whose price moved: the flat stock is no one’s success', () => {
    const { ensemble, replay } = predictor();
    replayMinutes(replay, ensemble, DAY1, FIRST, FIRST + 30);
    expect(replay.tally()).toMatchObject({ predictions: 0, right: 0, rose: 0 });
    expect(replay.tally().models.map((model) => model.views)).toEqual([0, 0, 0, 0, 0, 0]);

    replayMinutes(replay, ensemble, DAY1, FIRST + 31, FIRST + 40);
    // Ten minutes resolved: INFY rose, TCS fell, SBIN did not move each time.
    const tally = replay.tally();
    expect(tally).toMatchObject({ predictions: 20, rose: 10 });
    expect(tally.right).toBeLessThanOrEqual(20);
    expect(tally.models.map((model) => model.name)).toEqual(ensemble.learners.map((learner) => learner.name));
    for (const model of tally.models) {
      expect(model.views).toBeLessThanOrEqual(tally.predictions);
      expect(model.right).toBeLessThanOrEqual(model.views);
    }
    // No news: the news model never had a view.
    expect(tally.models.find((model) => model.name === 'news_sentiment')!.views).toBe(0);
  });

  it('resolves the session’s open predictions at its close when the next session begins', () => {
    const { ensemble, replay } = predictor();
    replayMinutes(replay, ensemble, DAY1, FIRST, MINUTES - 1);
    // Predictions of minutes 59 to 68 resolved within the session.
    expect(replay.tally().predictions).toBe(2 * 10);
    const learned = ensemble.rebalances;
    replay.predict(universe(DAY2_BARS, FIRST), nowAt(DAY2, FIRST));
    // The rest, but the last minute's (no bar after it), resolved at the close, in one batch.
    expect(ensemble.rebalances).toBe(learned + 1);
    expect(replay.tally()).toMatchObject({
      predictions: 2 * (MINUTES - 1 - FIRST),
      rose: MINUTES - 1 - FIRST,
    });
  });

  it('takes the last session’s close as the previous close once a new session begins', () => {
    const { ensemble, replay } = predictor();
    const seen: Observation[] = [];
    const predict = ensemble.predict.bind(ensemble);
    jest.spyOn(ensemble, 'predict').mockImplementation((observation) => {
      seen.push(observation);
      return predict(observation);
    });
    const infy = (views: number) => seen[views - SYMBOLS.length + SYMBOLS.indexOf('INFY')]!.x;
    const RETURN_1D = 3;
    const RETURN_5D = 4;

    replayMinutes(replay, ensemble, DAY1, FIRST, MINUTES - 1);
    const day1Close = DAY1_BARS.get('INFY')!.at(-1)!.close;
    // Day 1 reads the closes it was given: the last as the previous close, the fifth last for 5 days.
    expect(infy(seen.length)[RETURN_1D]).toBeCloseTo((day1Close / START.INFY! - 1) * 100, 9);
    expect(infy(seen.length)[RETURN_5D]).toBeCloseTo((day1Close / 90_00 - 1) * 20, 9);

    replayMinutes(replay, ensemble, DAY2, FIRST, FIRST);
    const price = DAY2_BARS.get('INFY')![FIRST]!.close;
    // Day 2 reads day 1's close as the previous close, and the daily series moved on a day.
    expect(infy(seen.length)[RETURN_1D]).toBeCloseTo((price / day1Close - 1) * 100, 9);
    expect(infy(seen.length)[RETURN_5D]).toBeCloseTo((price / 91_00 - 1) * 20, 9);
  });

  it('answers a second call at the same minute with the same views, learning nothing twice', () => {
    const once = predictor();
    const twice = predictor();
    for (let minute = FIRST; minute <= FIRST + 45; minute++) {
      const now = nowAt(DAY1, minute);
      once.replay.predict(universe(DAY1_BARS, minute), now);
      const first = twice.replay.predict(universe(DAY1_BARS, minute), now);
      const learned = twice.ensemble.rebalances;
      expect(twice.replay.predict(universe(DAY1_BARS, minute), now)).toBe(first);
      expect(twice.ensemble.rebalances).toBe(learned);
    }
    expect(twice.ensemble.rebalances).toBe(once.ensemble.rebalances);
    expect(twice.replay.tally()).toEqual(once.replay.tally());
    expect(twice.ensemble.weights).toEqual(once.ensemble.weights);
  });
});

describe('the news the replayed ensemble reads', () => {
  const PUBLISHED = nowAt(DAY1, 80) - 30_000;
  const bullish: StoredHeadline = {
    id: 'n1',
    title: 'Infosys wins a large order',
    summary: '',
    sentiment: 'positive',
    score: 0.8,
    confidence: 1,
    symbols: ['INFY'],
    sectors: ['IT'],
    source: 'Simulated newswire',
    url: null,
    timestamp: new Date(PUBLISHED).toISOString(),
    event_type: 'order_win',
    simulated: true,
    at: PUBLISHED,
  };

  /** An ensemble whose news model has seen prices follow the news: it leans with a reading. */
  function newsReadingEnsemble(): ModelEnsemble {
    const ensemble = new ModelEnsemble();
    ensemble.learners
      .find((learner) => learner.name === 'news_sentiment')!
      .restore({ followed: 30, against: 0 });
    return ensemble;
  }

  it('is asked for the news as it stood at each minute, and a later headline has no effect before it', () => {
    const news = new SentimentHistory([bullish]);
    const sentimentAt = jest.fn((now: number) => news.readerAt(now));
    const withNews = predictor({ ensemble: newsReadingEnsemble(), sentimentAt });
    const without = predictor({ ensemble: newsReadingEnsemble() });
    const newsVote = (ensemble: ModelEnsemble, spy: jest.SpyInstance) => {
      const prediction = spy.mock.results.at(SYMBOLS.indexOf('INFY') - SYMBOLS.length)!.value;
      return prediction.votes[ensemble.learners.findIndex((learner) => learner.name === 'news_sentiment')]
        .probability as number;
    };
    const withSpy = jest.spyOn(withNews.ensemble, 'predict');
    const withoutSpy = jest.spyOn(without.ensemble, 'predict');

    for (let minute = FIRST; minute <= 85; minute++) {
      const now = nowAt(DAY1, minute);
      const a = withNews.replay.predict(universe(DAY1_BARS, minute), now);
      const b = without.replay.predict(universe(DAY1_BARS, minute), now);
      expect(sentimentAt).toHaveBeenLastCalledWith(now);
      if (now < PUBLISHED) {
        // Before the headline was published the run with it and the run without read the same.
        expect(a).toEqual(b);
        expect(newsVote(withNews.ensemble, withSpy)).toBe(0.5);
      } else {
        expect(newsVote(withNews.ensemble, withSpy)).toBeGreaterThan(0.5);
        expect(newsVote(without.ensemble, withoutSpy)).toBe(0.5);
      }
    }
    expect(sentimentAt.mock.calls.map(([now]) => now)).toEqual(
      Array.from({ length: 85 - FIRST + 1 }, (_, i) => nowAt(DAY1, FIRST + i)),
    );
  });
});
