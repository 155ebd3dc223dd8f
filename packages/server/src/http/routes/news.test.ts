import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  marketSentimentReportResponseSchema,
  marketSentimentResponseSchema,
  newsListResponseSchema,
  newsResponseSchema,
  sentimentStatusResponseSchema,
} from '@td/contracts';
import type { NewsPipeline } from '../../engines/ml/news';
import { buildTestApp, createTestClock, signInForTest, type TestApp } from '../../test-support';

const clock = createTestClock(); // 09:30 IST on Monday 5 January 2026
let testApp: TestApp;
let news: NewsPipeline;
let headers: { authorization: string };

beforeAll(async () => {
  testApp = await buildTestApp({ now: clock.now });
  ({ headers } = await signInForTest(testApp));
  // The pipeline as the ML service builds it; buildTestApp does not start the services, so start it here.
  news = testApp.services.ml.news!;
  news.start();
  await news.pastNewsLoaded();
});
afterAll(async () => {
  news.stop();
  await testApp.close();
});

const get = (url: string, auth = headers) => testApp.app.inject({ method: 'GET', url, headers: auth });

/** Runs the simulated market for `minutes`, in 10-second steps, on the test clock; then signs in again. */
async function runMarket(minutes: number) {
  for (let step = 0; step < minutes * 6; step++) {
    clock.advance(10_000);
    testApp.services.market.simulator.emit(10, clock.now());
  }
  ({ headers } = await signInForTest(testApp)); // the session's 30 idle minutes have passed
}

describe('news and sentiment routes on the simulated newswire', () => {
  it('ask for a session', async () => {
    for (const url of ['/api/news', '/api/ml/sentiment/market', '/api/ml/sentiment/status'])
      expect((await get(url, { authorization: '' })).statusCode).toBe(401);
  });

  it('answer on a Monday morning before any live news with Friday’s headlines and reading, said to be the last session’s', async () => {
    // Monday 09:30: the last 24 h (from Sunday) hold no headline; Friday 2 January was the last session.
    const list = newsListResponseSchema.parse((await get('/api/news?limit=200')).json());
    const friday = { from: '2026-01-01T18:30:00.000Z', to: '2026-01-02T18:29:59.999Z' };
    expect(list.data.window).toEqual({ ...friday, basis: 'last_session', reason: expect.any(String) });
    expect(list.data.total).toBeGreaterThan(0);
    for (const headline of list.data.headlines) {
      expect(headline.timestamp >= friday.from && headline.timestamp <= friday.to).toBe(true);
    }
    const market = marketSentimentReportResponseSchema.parse((await get('/api/ml/sentiment/market')).json());
    expect(market.sentiment.window).toEqual(list.data.window);
    const { positive_count, negative_count, neutral_count } = market.sentiment;
    expect(positive_count + negative_count + neutral_count).toBe(list.data.total);
    // Thursday's news was kept too, so Friday's reading has its day-before comparison.
    expect(market.sentiment.change_24h).not.toBeNull();
    const status = sentimentStatusResponseSchema.parse((await get('/api/ml/sentiment/status')).json());
    expect(status.data).toMatchObject({ enabled: true, active: true });
    expect(status.data.total_articles_processed).toBeGreaterThanOrEqual(list.data.total);
  });

  it('list the newswire’s headlines newest first, scored and tagged with the stocks they name', async () => {
    await runMarket(90);
    const list = newsListResponseSchema.parse((await get('/api/news?limit=100')).json());
    const { headlines } = list.data;
    expect(headlines.length).toBeGreaterThanOrEqual(3);
    expect(list.data.total).toBe(headlines.length);
    // Live news is today's: the window is the last 24 h again, and Friday's stories are not in it.
    expect(list.data.window).toMatchObject({ basis: 'last_24h', reason: null });
    expect(headlines.every((headline) => headline.timestamp >= '2026-01-05T03:45:00.000Z')).toBe(true);
    const times = headlines.map((headline) => Date.parse(headline.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const headline of headlines) {
      expect(headline).toMatchObject({ source: 'Simulated newswire', simulated: true, url: null });
      expect(headline.sentiment).not.toBe('neutral');
      expect(headline.event_type).not.toBeNull();
      expect(headline.sectors.length).toBeGreaterThan(0);
      // The headline's words agree with its event: good news scores positive.
      const good = /beat|raise|upgrade|order_win|tailwind/.test(headline.event_type!);
      expect(headline.score > 0).toBe(good);
    }
    const company = headlines.find((headline) => headline.symbols.length === 1)!;
    expect(company).toBeDefined();
    // The dashboard's lenient reader keeps reading the reply.
    expect(newsResponseSchema.parse((await get('/api/news')).json()).data.headlines.length).toBe(
      Math.min(50, headlines.length),
    );
  });

  it('limit the list, and refuse a limit that is not 1–200 with a sentence', async () => {
    expect(newsListResponseSchema.parse((await get('/api/news?limit=2')).json()).data.headlines).toHaveLength(
      2,
    );
    for (const limit of ['0', '201', 'abc', '1.5', '-3']) {
      const response = await get(`/api/news?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/limit must be a whole number from 1 to 200/);
    }
  });

  it('give the market sentiment with counts matching the headlines, readable by the dashboard', async () => {
    const { headlines } = newsListResponseSchema.parse((await get('/api/news?limit=200')).json()).data;
    const reply = (await get('/api/ml/sentiment/market')).json();
    const { sentiment } = marketSentimentReportResponseSchema.parse(reply);
    expect(sentiment.positive_count + sentiment.negative_count + sentiment.neutral_count).toBe(
      headlines.length,
    );
    expect(sentiment.positive_count).toBe(headlines.filter((h) => h.sentiment === 'positive').length);
    expect(sentiment.sources.news.count).toBe(headlines.length);
    expect(sentiment.confidence).toBeGreaterThan(0);
    expect([...sentiment.bullish_topics, ...sentiment.bearish_topics].length).toBeGreaterThan(0);
    const expectedTrend =
      sentiment.overall_sentiment > 0.1
        ? 'improving'
        : sentiment.overall_sentiment < -0.1
          ? 'declining'
          : 'neutral';
    expect(sentiment.sentiment_trend).toBe(expectedTrend);
    const lenient = marketSentimentResponseSchema.parse(reply).sentiment!;
    expect(lenient.overall!.score * 2 - 1).toBeCloseTo(sentiment.overall_sentiment, 3);
  });

  it('report the pipeline’s status and a stock’s own sentiment for the models', async () => {
    const { data } = sentimentStatusResponseSchema.parse((await get('/api/ml/sentiment/status')).json());
    expect(data.active).toBe(true);
    expect(data.bullish_articles + data.bearish_articles + data.neutral_articles).toBe(
      data.total_articles_processed,
    );
    expect(data.sources.map((source) => [source.kind, source.enabled])).toEqual([
      ['simulator', true],
      ['rss', false],
      ['rss', false],
      ['rss', false],
      ['rss', false],
    ]);
    const { headlines } = newsListResponseSchema.parse((await get('/api/news?limit=200')).json()).data;
    const named = headlines.find((headline) => headline.symbols.length === 1)!;
    const reading = news.sentimentBySymbol(named.symbols[0]!)!;
    expect(reading.count).toBeGreaterThanOrEqual(1);
    expect(Math.sign(reading.score)).toBe(Math.sign(named.score));
    expect(news.sentimentBySymbol('NOSUCH')).toBeNull();
    expect(news.sentimentBySector(named.sectors[0]!)!.count).toBeGreaterThanOrEqual(1);
  });

  it('list a custom News RSS source the trader switched on among the status sources, and drop it when off', async () => {
    const feed = http.createServer((_request, response) => void response.end('<rss><channel/></rss>'));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rss`;
    const registry = testApp.services.dataSources;
    (registry as unknown as { deps: { allowLoopback: boolean } }).deps.allowLoopback = true;
    const added = await registry.add({ name: 'Desk feed', endpoint, type: 'News RSS Feed', enabled: true });
    feed.closeAllConnections();
    await new Promise((resolve) => feed.close(resolve));
    const sources = async () =>
      sentimentStatusResponseSchema.parse((await get('/api/ml/sentiment/status')).json()).data.sources;
    expect((await sources()).at(-1)).toMatchObject({
      id: added.id,
      name: 'Desk feed',
      kind: 'rss',
      url: endpoint,
    });
    await registry.toggle(added.id, false);
    expect((await sources()).map((source) => source.id)).not.toContain(added.id);
  });

  it('answer 503 with a sentence when the news service is not running', async () => {
    const bare = await buildTestApp({ services: (base) => ({ ml: { ...base.ml, news: null } }) });
    const session = await signInForTest(bare);
    const response = await bare.app.inject({ method: 'GET', url: '/api/news', headers: session.headers });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('The news and sentiment service is not running.');
    await bare.close();
  });
});
