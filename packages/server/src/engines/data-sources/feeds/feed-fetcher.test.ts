import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { RssSource } from '../../ml/news/sources/rss-source';
import { fetchFeed } from './feed-fetcher';
import { FeedRefusedError } from './feed-parser';

const RSS = fs.readFileSync(
  path.join(__dirname, '..', '..', 'ml', 'news', 'fixtures', 'et-markets.rss.xml'),
  'utf8',
);

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
let server: http.Server;
let base: string;
let handler: Handler = (_request, response) => response.end();

beforeAll(async () => {
  server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedRefusedError) return error.reason;
    throw error;
  }
  throw new Error('the fetch was accepted');
}

describe('downloading a feed from a local fake server', () => {
  it('downloads the document and keeps its validators', async () => {
    handler = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/rss+xml',
        etag: '"v1"',
        'last-modified': 'Mon, 05 Jan 2026 04:00:00 GMT',
      });
      response.end(RSS);
    };
    const result = await fetchFeed(`${base}/rss`);
    expect(result).toMatchObject({
      status: 'ok',
      etag: '"v1"',
      lastModified: 'Mon, 05 Jan 2026 04:00:00 GMT',
    });
    expect(result.status === 'ok' && result.body).toBe(RSS);
  });

  it('sends a conditional GET and takes 304 as nothing new', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    handler = (request, response) => {
      seen.push(request.headers);
      if (request.headers['if-none-match'] === '"v1"') response.writeHead(304).end();
      else response.writeHead(200, { etag: '"v1"' }).end(RSS);
    };
    const result = await fetchFeed(`${base}/rss`, {
      etag: '"v1"',
      lastModified: 'Mon, 05 Jan 2026 04:00:00 GMT',
    });
    expect(result).toEqual({ status: 'not_modified' });
    expect(seen[0]).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Mon, 05 Jan 2026 04:00:00 GMT',
    });
  });

  it('follows up to three redirects', async () => {
    handler = (request, response) => {
      const hop = Number(request.url!.slice(1));
      if (hop < 3) response.writeHead(301, { location: `/${hop + 1}` }).end();
      else response.writeHead(200).end(RSS);
    };
    const result = await fetchFeed(`${base}/0`);
    expect(result.status === 'ok' && result.url).toBe(`${base}/3`);
  });

  it('refuses a redirect loop and a fourth redirect', async () => {
    handler = (request, response) =>
      response.writeHead(302, { location: request.url === '/a' ? '/b' : '/a' }).end();
    expect(await refusal(fetchFeed(`${base}/a`))).toMatch(/redirect loop back to .*\/a/);
    handler = (request, response) =>
      response.writeHead(301, { location: `/${Number(request.url!.slice(1)) + 1}` }).end();
    expect(await refusal(fetchFeed(`${base}/0`))).toBe('more than 3 redirects');
  });

  it('stops a 50 MB body at the 2 MB cap while it streams, declared or not', async () => {
    let sent = 0;
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => response.destroy());
      pump();
    };
    expect(await refusal(fetchFeed(`${base}/big`))).toMatch(/past the 2 MB limit/);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      response.write('<rss>');
    };
    expect(await refusal(fetchFeed(`${base}/declared`))).toMatch(/50 MB, over the 2 MB limit/);
  });

  it('gives up on a server that never answers', async () => {
    handler = () => {};
    expect(await refusal(fetchFeed(`${base}/slow`, { timeoutMs: 200 }))).toBe(
      'no complete answer within 200 ms',
    );
  });

  it('reports an error status and an unreachable host as refusals', async () => {
    handler = (_request, response) => response.writeHead(503).end('busy');
    expect(await refusal(fetchFeed(`${base}/x`))).toBe('HTTP 503 from the feed');
    expect(await refusal(fetchFeed('http://127.0.0.1:1/feed'))).toMatch(/could not reach the feed/);
  });
});

describe('an RSS source', () => {
  it('turns a feed into headlines and a hostile one into a logged reason, never an exception', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const source = new RssSource(
      { id: 'fake', name: 'Fake Markets', url: `${base}/feed` },
      {
        logger,
        now: () => Date.parse('2026-01-05T04:30:00Z'),
      },
    );
    handler = (_request, response) => response.writeHead(200).end(RSS);
    const headlines = await source.poll();
    expect(headlines.map((headline) => headline.source)).toEqual([
      'Fake Markets',
      'Fake Markets',
      'Fake Markets',
    ]);
    expect(headlines[0]!.publishedAt).toBe(Date.parse('2026-01-05T04:05:00Z'));

    handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html></html>');
    expect(await source.poll()).toEqual([]);
    expect(source.status(true)).toMatchObject({
      last_error: 'the server sent an HTML page, not an RSS or Atom feed',
      items_taken: 3,
      last_success_at: '2026-01-05T04:30:00.000Z',
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({ feed: 'fake', msg: 'news feed refused' });
  });
});
