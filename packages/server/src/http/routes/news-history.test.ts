import { newsListResponseSchema, sentimentStatusResponseSchema } from '@td/contracts';
import type { NewsPipeline } from '../../engines/ml/news';
import { buildTestApp, createTestClock, signInForTest, type TestApp } from '../../test-support';

// Tue 6 Jan 2026, 12:30 IST: the generated history's last session (Monday's) lies in the last day.
const clock = createTestClock(Date.UTC(2026, 0, 6, 7, 0));
let testApp: TestApp;
let news: NewsPipeline;
let headers: { authorization: string };

beforeAll(async () => {
  testApp = await buildTestApp({ now: clock.now });
  ({ headers } = await signInForTest(testApp));
  news = testApp.services.ml.news!;
  news.start(); // as the ML service starts it; buildTestApp does not start the services
  await news.pastNewsLoaded();
});
afterAll(async () => {
  news.stop();
  await testApp.close();
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers });

describe('the news routes right after a fresh mock start', () => {
  it('list the simulated newswire’s news of the past session before any live event', async () => {
    const { data } = newsListResponseSchema.parse((await get('/api/news?limit=200')).json());
    expect(data.mode).toBe('simulator');
    expect(data.headlines.length).toBeGreaterThan(0);
    const monday = { open: Date.UTC(2026, 0, 5, 3, 45), close: Date.UTC(2026, 0, 5, 10, 0) };
    for (const headline of data.headlines) {
      expect(headline).toMatchObject({ source: 'Simulated newswire', simulated: true });
      const at = Date.parse(headline.timestamp);
      expect(at).toBeGreaterThanOrEqual(monday.open);
      expect(at).toBeLessThan(monday.close);
      const good = /beat|raise|upgrade|order_win|tailwind/.test(headline.event_type!);
      expect(headline.score > 0).toBe(good);
    }
    expect(new Set(data.headlines.map((headline) => headline.id)).size).toBe(data.headlines.length);
  });

  it('count them in the sentiment status, and keep ids unique when live news follows', async () => {
    const before = sentimentStatusResponseSchema.parse((await get('/api/ml/sentiment/status')).json()).data;
    expect(before.total_articles_processed).toBeGreaterThan(0);
    expect(before.active).toBe(true);
    for (let step = 0; step < 6 * 60; step++) {
      clock.advance(10_000);
      testApp.services.market.simulator.emit(10, clock.now());
    }
    ({ headers } = await signInForTest(testApp)); // the session's 30 idle minutes have passed
    const after = sentimentStatusResponseSchema.parse((await get('/api/ml/sentiment/status')).json()).data;
    expect(after.total_articles_processed).toBeGreaterThan(before.total_articles_processed);
    const { headlines } = newsListResponseSchema.parse((await get('/api/news?limit=200')).json()).data;
    expect(headlines.some((headline) => Date.parse(headline.timestamp) > Date.UTC(2026, 0, 6, 7, 0))).toBe(
      true,
    );
    expect(new Set(headlines.map((headline) => headline.id)).size).toBe(headlines.length);
    expect(headlines.every((headline) => Date.parse(headline.timestamp) <= clock.now())).toBe(true);
  });
});
