import { istDateOf } from '../../core/time/ist-time';
import { runToEnd } from '../../core/time-slices';
import { MarketClock } from '../market/calendar';
import { allInstruments } from '../market/instruments';
import type { Candle } from '../market/market-types';
import { createSimulatedMarket } from '../market/simulated-market';
import { HistoryGenerator } from '../market/simulator/history-generator';
import { ModelEnsemble } from './models/model-ensemble';
import {
  generatedTrainingHistory,
  type TrainingHistory,
  walkForwardOptions,
  walkForwardSteps,
} from './models/walk-forward';
import type { StoredHeadline } from './news/headline-store';
import { newsOfGeneratedHistory, withPastNews } from './past-news';

const NOW = Date.UTC(2026, 0, 12, 6, 0); // Mon 12 Jan 2026, 11:30 IST
const SEED = 7;
/** Eight stocks, three of them banks: each session has a few headlines naming them or their sectors. */
const instruments = allInstruments().slice(0, 8);
const { history: generator } = createSimulatedMarket({
  instruments,
  clock: new MarketClock({ now: () => NOW }),
  seed: SEED,
  ticksPerSecond: 0,
  historySessions: 3,
  now: () => NOW,
});
const sectors = new Map(instruments.map((instrument) => [instrument.symbol, instrument.sector]));
const dates = generator.sessionDates;

function walkForward(history: TrainingHistory) {
  const ensemble = new ModelEnsemble();
  const tally = runToEnd(walkForwardSteps(history, ensemble, walkForwardOptions(history.dates.length)));
  const news = ensemble.learners.findIndex((learner) => learner.name === 'news_sentiment');
  return { tally, newsCalls: tally.modelCalls[news]! };
}

describe('the walk-forward over generated sessions with their news', () => {
  it('gives the news model calls with the news, and none without it', () => {
    const whole = generatedTrainingHistory(generator, (symbol) => sectors.get(symbol));
    // The first three hours of each session: predictions and their outcomes enough, and quick.
    const training: TrainingHistory = {
      ...whole,
      *sessionBarSteps(date) {
        const bars = yield* whole.sessionBarSteps(date);
        return new Map([...bars].map(([symbol, series]) => [symbol, series.slice(0, 180)]));
      },
    };
    const news = newsOfGeneratedHistory(generator);
    expect(dates.reduce((sum, date) => sum + news(date).length, 0)).toBeGreaterThan(0);

    const withNews = walkForward(withPastNews(training, news));
    expect(withNews.newsCalls.views).toBeGreaterThan(0);
    expect(withNews.newsCalls.right).toBeLessThanOrEqual(withNews.newsCalls.views);
    expect(withNews.tally.modelCalls).toHaveLength(6);

    const without = walkForward(training);
    expect(without.newsCalls).toEqual({ views: 0, right: 0 });
    expect(without.tally.n).toBe(withNews.tally.n);
  });
});

describe('a history with its sessions’ news', () => {
  const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
  const headline = (date: string, time: string): StoredHeadline => ({
    id: `${date} ${time}`,
    title: `Infosys order at ${time}`,
    summary: '',
    sentiment: 'positive',
    score: 0.6,
    confidence: 1,
    symbols: ['INFY'],
    sectors: ['Information Technology'],
    source: 'Simulated newswire',
    url: null,
    timestamp: new Date(at(date, time)).toISOString(),
    event_type: 'order_win',
    simulated: true,
    at: at(date, time),
  });
  const DAY1 = '2026-01-05';
  const DAY2 = '2026-01-06';
  const plain: TrainingHistory = {
    dates: [DAY1, DAY2],
    // biome-ignore lint/correctness/useYield: a session with no steps, its bars at once
    *sessionBarSteps() {
      return new Map<string, Candle[]>();
    },
    dailyCloses: () => [],
    sectorOf: () => 'Information Technology',
  };

  it('adds a session’s news as its bars are read, and reads none published after the minute', () => {
    const asked: string[] = [];
    const history = withPastNews(plain, (date) => {
      asked.push(date);
      return [headline(date, date === DAY1 ? '14:00' : '10:00')];
    });
    const reading = (now: number) => history.sentimentAt!(now)?.sentimentBySymbol('INFY') ?? null;
    // No session read yet: no news, even at a moment after the first headline.
    expect(reading(at(DAY1, '15:00'))).toBeNull();
    runToEnd(history.sessionBarSteps(DAY1));
    expect(asked).toEqual([DAY1]);
    expect(reading(at(DAY1, '13:59'))).toBeNull();
    expect(reading(at(DAY1, '14:00'))).toEqual({ score: 0.6, count: 1 });
    // Day 2's headline joins only when day 2 is read; day 1's is still within the 24 h.
    expect(reading(at(DAY2, '12:00'))).toEqual({ score: 0.6, count: 1 });
    runToEnd(history.sessionBarSteps(DAY2));
    expect(asked).toEqual([DAY1, DAY2]);
    expect(reading(at(DAY2, '09:59'))?.count).toBe(1);
    expect(reading(at(DAY2, '12:00'))?.count).toBe(2);
  });

  it('passes the history’s dates, closes and sectors through', () => {
    const history = withPastNews({ ...plain, dailyCloses: () => [1, 2] }, () => []);
    expect(history.dates).toEqual([DAY1, DAY2]);
    expect(history.dailyCloses('INFY')).toEqual([1, 2]);
    expect(history.sectorOf('INFY')).toBe('Information Technology');
  });
});

describe('the generated sessions’ news', () => {
  it('is the same for the same seed, and published on its session’s date', () => {
    const first = newsOfGeneratedHistory(generator);
    const again = newsOfGeneratedHistory(HistoryGenerator.fromRecipe(generator.recipe()));
    for (const date of dates) {
      const news = first(date);
      expect(again(date)).toEqual(news);
      for (const item of news) {
        expect(istDateOf(item.at)).toBe(date);
        expect(item.timestamp).toBe(new Date(item.at).toISOString());
        expect(item.simulated).toBe(true);
      }
    }
  });

  it('differs with another seed, and is empty with no events an hour', () => {
    const news = newsOfGeneratedHistory(generator);
    const other = newsOfGeneratedHistory(
      HistoryGenerator.fromRecipe({ ...generator.recipe(), seed: SEED + 1 }),
    );
    expect(dates.map((date) => other(date))).not.toEqual(dates.map((date) => news(date)));
    const quiet = HistoryGenerator.fromRecipe({ ...generator.recipe(), newsEventsPerHour: 0 });
    expect(dates.flatMap((date) => newsOfGeneratedHistory(quiet)(date))).toEqual([]);
  });

  it('is drawn before the prices it moves: each story’s stocks move its way in the three minutes after it', () => {
    const quiet = HistoryGenerator.fromRecipe({ ...generator.recipe(), newsEventsPerHour: 0 });
    let followed = 0;
    let stories = 0;
    for (const date of dates) {
      const bars = generator.sessionBars(date);
      const calm = quiet.sessionBars(date);
      for (const event of generator.sessionEvents(date)) {
        for (const symbol of event.symbols) {
          // The same session without news: what the story added to the stock's move is the difference.
          const index = bars.get(symbol)!.findIndex((bar) => bar.openTime + 60_000 > event.at);
          const later = Math.min(index + 4, bars.get(symbol)!.length - 1);
          if (index < 1 || later <= index) continue;
          const moved = Math.log(bars.get(symbol)![later]!.close / bars.get(symbol)![index - 1]!.close);
          const without = Math.log(calm.get(symbol)![later]!.close / calm.get(symbol)![index - 1]!.close);
          stories += 1;
          if (Math.sign(moved - without) === Math.sign(event.move)) followed += 1;
        }
      }
    }
    expect(stories).toBeGreaterThan(5);
    // A story's stock can meet another story the other way within the three minutes: rarely.
    expect(followed / stories).toBeGreaterThanOrEqual(0.9);
  });
});
