import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TradingMode } from '@td/contracts';
import { SecretBox } from '../../storage/secrets/secret-box';
import { SqlDataSourcesRepository } from '../../storage/sql/data-sources-repository';
import { openDatabase } from '../../storage/sqlite/database';
import { NewsPipeline } from '../ml/news/news-pipeline';
import { DataSourceService } from './data-source-service';
import type { CustomRssFeed } from './feeds/rss-feeds';
import type { Resolver } from './safe-fetch';

const NOW = Date.parse('2026-01-05T04:30:00Z'); // 10:00 IST, fixed
const rss = (title: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
<item><title>${title}</title><link>https://example.com/${encodeURIComponent(title)}</link>
<pubDate>Mon, 05 Jan 2026 04:00:00 GMT</pubDate></item></channel></rss>`;
const FEEDS: Record<string, string> = {
  '/reliance': rss('Reliance shares rally on strong quarterly results'),
  '/infosys': rss('Infosys shares surge after profit beats estimates'),
};

let server: http.Server;
let port: number;
let hits: { url: string; authorization?: string; ifNoneMatch?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? '';
    const ifNoneMatch = request.headers['if-none-match'];
    hits.push({ url, authorization: request.headers.authorization, ifNoneMatch });
    const body = FEEDS[url];
    if (!body) return void response.writeHead(404).end();
    if (ifNoneMatch === `"${url}"`) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml', etag: `"${url}"` }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The name the trader typed; the test's resolver decides where it points (loopback, then private). */
let answer = '127.0.0.1';
const resolve: Resolver = async () => [{ address: answer, family: 4 }];
const feedUrl = (path: string) => `http://feeds.example.test:${port}${path}`;

function setup(mode: TradingMode = 'paper', realFeeds: 'auto' | 'on' = 'auto') {
  answer = '127.0.0.1';
  const registry = new DataSourceService({
    ...{ box: SecretBox.forTests(), now: () => NOW, allowLoopback: true },
    sources: new SqlDataSourcesRepository(openDatabase(':memory:'), () => NOW),
    ...{ yahoo: { enabled: false }, providerHealth: () => undefined, onFeedsChanged: async () => {} },
    resolve,
  });
  const warn = jest.fn();
  const news = new NewsPipeline({
    market: { simulator: { newswire: { subscribe: () => () => {} } as never } },
    logger: { error: jest.fn(), info: jest.fn(), warn, debug: jest.fn() } as never,
    now: () => NOW,
    mode: () => mode,
    realFeeds,
    feeds: [],
    customFeeds: () => registry.enabledCustomNewsFeeds(),
  });
  const add = (name: string, path: string, apiKey?: string) =>
    registry.add({ name, endpoint: feedUrl(path), type: 'News RSS Feed', apiKey, enabled: true });
  return { registry, news, warn, add };
}

describe('custom News RSS sources feed the news pipeline', () => {
  it('polls an enabled custom feed through the safe fetch, with its key, and scores and tags its headlines', async () => {
    const { news, add } = setup();
    const source = await add('My desk feed', '/reliance', 'desk-key-123');
    hits = [];
    await news.pollFeeds();
    expect(hits).toEqual([
      { url: '/reliance', authorization: 'Bearer desk-key-123', ifNoneMatch: undefined },
    ]);
    expect(news.headlines().headlines[0]).toMatchObject({
      title: 'Reliance shares rally on strong quarterly results',
      sentiment: 'positive',
      symbols: ['RELIANCE'],
      source: 'My desk feed',
      simulated: false,
    });
    await news.pollFeeds();
    expect(hits[1]).toMatchObject({ url: '/reliance', ifNoneMatch: '"/reliance"' }); // conditional GET kept
    expect(news.status().sources.find((s) => s.id === source.id)).toMatchObject({
      enabled: true,
      last_error: null,
      items_taken: 1,
    });
  });

  it('stays offline in mock mode unless real feeds are switched on', async () => {
    const offline = setup('mock');
    await offline.add('Desk', '/reliance');
    hits = [];
    await offline.news.pollFeeds();
    expect(hits).toEqual([]);
    const on = setup('mock', 'on');
    await on.add('Desk', '/reliance');
    hits = [];
    await on.news.pollFeeds();
    expect(hits.map((hit) => hit.url)).toEqual(['/reliance']);
  });

  it('follows switching off and editing at the next poll, without a restart', async () => {
    const { registry, news, add } = setup();
    const source = await add('Desk', '/reliance');
    await registry.toggle(source.id, false);
    hits = [];
    await news.pollFeeds();
    expect(hits).toEqual([]);
    expect(news.status().sources.map((s) => s.id)).not.toContain(source.id);
    await registry.edit(source.id, {
      ...{ name: 'Desk', endpoint: feedUrl('/infosys'), type: 'News RSS Feed', enabled: true },
    });
    hits = [];
    await news.pollFeeds();
    expect(hits.map((hit) => hit.url)).toEqual(['/infosys']);
    expect(news.headlines().headlines.map((h) => h.symbols)).toEqual([['INFY']]);
  });

  it('stops polling a custom feed the registry no longer lists', async () => {
    const { registry, add } = setup();
    await add('Desk', '/reliance');
    let listed: readonly CustomRssFeed[] = registry.enabledCustomNewsFeeds();
    const pipeline = new NewsPipeline({
      ...{ market: { simulator: { newswire: { subscribe: () => () => {} } as never } } },
      ...{ logger: { warn: jest.fn(), error: jest.fn() } as never, now: () => NOW, mode: () => 'paper' },
      ...{ feeds: [], customFeeds: () => listed },
    });
    hits = [];
    await pipeline.pollFeeds();
    listed = [];
    await pipeline.pollFeeds();
    expect(hits.map((hit) => hit.url)).toEqual(['/reliance']);
    expect(pipeline.status().sources.map((s) => s.kind)).toEqual(['simulator']);
  });

  it('refuses a custom feed whose name now resolves to a private address, and says so in status', async () => {
    const { news, add, warn } = setup();
    const source = await add('Rebinding feed', '/reliance');
    answer = '10.0.0.7';
    hits = [];
    await news.pollFeeds();
    expect(hits).toEqual([]);
    const status = news.status().sources.find((s) => s.id === source.id)!;
    expect(status.last_error).toMatch(/resolves to 10\.0\.0\.7, a private/);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ feed: source.id, reason: status.last_error }),
      'news feed refused',
    );
    expect(news.headlines().total).toBe(0);
  });
});
