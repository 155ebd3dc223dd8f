import { NewsPipeline } from '../ml/news/news-pipeline';

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
<item><title>Reliance shares rally on strong quarterly results</title><link>https://example.com/a</link>
<pubDate>Mon, 05 Jan 2026 04:00:00 GMT</pubDate></item></channel></rss>`;

describe('the news pipeline follows the data-source switches', () => {
  it('polls only the feeds the registry has on', async () => {
    const asked: string[] = [];
    const fetchImpl = jest.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return new Response(RSS, { status: 200, headers: { 'content-type': 'application/rss+xml' } });
    }) as unknown as typeof fetch;
    const enabled = new Set(['on-feed']);
    const pipeline = new NewsPipeline({
      market: { simulator: { newswire: { subscribe: () => () => {} } as never } },
      logger: { error: jest.fn(), info: jest.fn(), warn: jest.fn(), debug: jest.fn() } as never,
      now: () => Date.parse('2026-01-05T04:30:00Z'),
      realFeeds: 'on',
      feeds: [
        { id: 'on-feed', name: 'On', url: 'https://on.example.com/rss' },
        { id: 'off-feed', name: 'Off', url: 'https://off.example.com/rss' },
      ],
      feedEnabled: (id) => enabled.has(id),
      fetchOptions: { fetch: fetchImpl },
    });
    await pipeline.pollFeeds();
    expect(asked).toEqual(['https://on.example.com/rss']);
    enabled.add('off-feed');
    await pipeline.pollFeeds();
    expect(asked.slice(1).sort()).toEqual(['https://off.example.com/rss', 'https://on.example.com/rss']);
  });
});
