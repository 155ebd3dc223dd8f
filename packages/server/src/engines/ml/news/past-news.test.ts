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
  it('has the past sessions’ news at once, counted and scored as live news is', async () => {
    const { news, simulator } = pipeline('mock');
    const past = await simulator.newswire.pastEvents(NOW - 48 * 3_600_000, NOW);
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
