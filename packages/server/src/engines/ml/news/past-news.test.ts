import type { TradingMode } from '@td/contracts';
import pino from 'pino';
import { MarketClock } from '../../market/calendar';
import { allInstruments } from '../../market/instruments';
import { createSimulatedMarket } from '../../market/simulated-market';
import { NewsSentimentModel } from '../models/learners/news-sentiment-model';
import type { Observation } from '../models/model-types';
import { NewsPipeline } from './news-pipeline';

const NOW = Date.UTC(2026, 0, 6, 7, 0); // Tue 6 Jan 2026, 12:30 IST: Monday's session is in the last day

function pipeline(mode: TradingMode, realFeeds: 'auto' | 'off' = 'off') {
  const clock = new MarketClock({ now: () => NOW });
  const { simulator } = createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed: 7,
    ticksPerSecond: 0,
    historySessions: 2,
    now: () => NOW,
  });
  const news = new NewsPipeline({
    market: { simulator },
    logger: pino({ level: 'silent' }),
    now: () => NOW,
    mode: () => mode,
    realFeeds,
    feeds: [],
  });
  return { news, simulator };
}

describe('the news pipeline on a fresh mock start', () => {
  it('has the last two sessions’ news at once, counted and scored as live news is', async () => {
    const { news, simulator } = pipeline('mock');
    // The last two generated sessions: Friday 2 and Monday 5 January, though Friday is more than two days back.
    const past = await simulator.newswire.lastSessionsEvents(2, NOW);
    expect(new Set(past.map((event) => new Date(event.at).toISOString().slice(0, 10)))).toEqual(
      new Set(['2026-01-02', '2026-01-05']),
    );
    news.start();
    await news.pastNewsLoaded();
    const { headlines, total } = news.headlines({ limit: 200 });
    expect(total).toBeGreaterThan(0);
    expect(headlines.every((headline) => Date.parse(headline.timestamp) <= NOW)).toBe(true);
    for (const headline of headlines) {
      const event = past.find((e) => e.title === headline.title)!;
      expect(headline).toMatchObject({
        source: 'Simulated newswire',
        simulated: true,
        event_type: event.type,
      });
      // The lexicon reads the headline the way the bars moved.
      expect(headline.score > 0).toBe(event.move > 0);
    }
    const status = news.status();
    expect(status.total_articles_processed).toBe(past.length);
    expect(status.bullish_articles + status.bearish_articles + status.neutral_articles).toBe(past.length);
    expect(status.active).toBe(true);
    const market = news.marketSentiment();
    expect(market.positive_count + market.negative_count + market.neutral_count).toBe(total);
    news.stop();
  });

  it('gives the news model a stock’s reading from the past news, leaning the move’s way', async () => {
    const { news, simulator } = pipeline('mock');
    news.start();
    await news.pastNewsLoaded();
    news.stop();
    const company = (await simulator.newswire.pastEvents(NOW - 24 * 3_600_000, NOW)).find((e) => e.symbol)!;
    const reading = news.sentimentBySymbol(company.symbol!)!;
    expect(reading.count).toBeGreaterThanOrEqual(1);
    expect(Math.sign(reading.score)).toBe(Math.sign(company.move));
    const observation: Observation = {
      ...{ x: [], pattern: [], momentumScore: 0, meanReversionScore: 0 },
      stockSentiment: reading.score,
      sectorSentiment: null,
    };
    expect(new NewsSentimentModel().predict(observation).reasons[0]).toMatch(/^stock sentiment -?0\.\d\d;/);
  });

  it('drops the past news when stopped before it is ready, without an error', async () => {
    const { news } = pipeline('mock');
    news.start();
    news.stop();
    await expect(news.pastNewsLoaded()).resolves.toBeUndefined();
    expect(news.headlines().total).toBe(0);
  });

  it('leaves a real feed’s pipeline without simulated history', async () => {
    const { news } = pipeline('paper', 'off');
    news.start();
    await news.pastNewsLoaded();
    news.stop();
    expect(news.headlines().total).toBe(0);
    expect(news.status().total_articles_processed).toBe(0);
  });
});

/** A mock pipeline started at `now` on the NSE calendar, its past news loaded. */
async function startedAt(now: number) {
  const clock = new MarketClock({ now: () => now });
  const { simulator } = createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed: 7,
    ticksPerSecond: 0,
    historySessions: 2,
    now: () => now,
  });
  const news = new NewsPipeline({
    market: { simulator, clock },
    logger: pino({ level: 'silent' }),
    now: () => now,
    mode: () => 'mock',
    realFeeds: 'off',
    feeds: [],
  });
  news.start();
  await news.pastNewsLoaded();
  news.stop();
  return news;
}

/** IST midnight of a day, and the last millisecond of it, as ISO strings. */
const istDay = (date: string) => {
  const from = Date.parse(`${date}T00:00:00+05:30`);
  return { from: new Date(from).toISOString(), to: new Date(from + 86_400_000 - 1).toISOString() };
};

describe('the news when the last session is more than a day ago', () => {
  it.each([
    ['on Monday at 09:00 IST', '2026-01-05T09:00:00+05:30', '2026-01-02'],
    ['on a Sunday', '2026-01-04T12:00:00+05:30', '2026-01-02'],
    ['the day after a holiday (Republic Day, Monday 26 January)', '2026-01-27T09:00:00+05:30', '2026-01-23'],
  ])(
    'shows %s the last session’s headlines and sentiment, marked as that session’s',
    async (_when, at, lastSession) => {
      const news = await startedAt(Date.parse(at));
      const { headlines, total, window } = news.headlines({ limit: 200 });
      expect(window).toEqual({ ...istDay(lastSession), basis: 'last_session', reason: expect.any(String) });
      expect(total).toBeGreaterThan(0);
      for (const headline of headlines) expect(headline.timestamp.slice(0, 10) <= lastSession).toBe(true);
      expect(headlines.every((h) => h.timestamp >= window.from && h.timestamp <= window.to)).toBe(true);
      const market = news.marketSentiment();
      expect(market.window).toEqual(window);
      expect(market.positive_count + market.negative_count + market.neutral_count).toBe(total);
      expect(market.last_updated).toBe(headlines[0]!.timestamp);
      // The session before was loaded and kept, so the reading has its day-before comparison.
      expect(market.change_24h).not.toBeNull();
    },
  );

  it('keeps the last two sessions’ news through a weekend when a weekend story arrives', async () => {
    const sunday = Date.parse('2026-01-04T12:00:00+05:30');
    const news = await startedAt(sunday);
    const before = news.headlines({ limit: 200 });
    const saturdayStory = {
      title: 'Reliance Industries wins a large order from a Gulf refiner',
      ...{ summary: '', url: null, source: 'Desk feed', eventType: null, simulated: false },
      publishedAt: Date.parse('2026-01-03T07:00:00+05:30'),
    };
    // Ingesting prunes the store: two days back from Sunday noon would have dropped Thursday and Friday morning.
    expect(news.ingest([saturdayStory])).toBe(1);
    const after = news.headlines({ limit: 200 });
    expect(after.window).toEqual({
      from: before.window.from,
      to: istDay('2026-01-03').to,
      basis: 'last_session',
      reason: expect.any(String),
    });
    expect(after.total).toBe(before.total + 1);
    expect(after.headlines[0]!.title).toBe(saturdayStory.title);
    expect(news.marketSentiment().change_24h).not.toBeNull();
  });
});
