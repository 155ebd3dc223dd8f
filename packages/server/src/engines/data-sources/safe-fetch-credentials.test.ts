import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeFetch } from './safe-fetch';

/** A real server on 127.0.0.1 that records the headers of each request and answers with `route`. */
async function recordingServer(route: (path: string) => { status: number; location?: string }) {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    seen.push({ path, headers: request.headers });
    const { status, location } = route(path);
    response.writeHead(status, location ? { location } : {});
    response.end('<rss/>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('safeFetch sends the key and headers to the source’s own origin only', () => {
  // Two ports of 127.0.0.1 are two origins, as two hosts would be.
  let other: Awaited<ReturnType<typeof recordingServer>>;
  let source: Awaited<ReturnType<typeof recordingServer>>;
  const credentials = {
    authorization: 'Bearer sk-live-123',
    'x-api-key': 'sk-live-123',
    accept: 'application/rss+xml',
  };

  beforeAll(async () => {
    other = await recordingServer((path) =>
      path === '/back' ? { status: 302, location: `${source.origin}/feed` } : { status: 200 },
    );
    source = await recordingServer((path) => {
      if (path === '/moved') return { status: 302, location: `${other.origin}/feed` };
      if (path === '/round-trip') return { status: 302, location: `${other.origin}/back` };
      if (path === '/same-site') return { status: 301, location: '/feed' };
      return { status: 200 };
    });
  });
  afterAll(async () => {
    await other.close();
    await source.close();
  });
  beforeEach(() => {
    other.seen.length = 0;
    source.seen.length = 0;
  });

  it('drops them on a redirect to another origin, keeping only what says which answer is wanted', async () => {
    const result = await safeFetch(`${source.origin}/moved`, { allowLoopback: true, headers: credentials });
    expect(result.finalUrl).toBe(`${other.origin}/feed`);
    expect(source.seen[0]?.headers).toMatchObject(credentials);
    const atOther = other.seen[0]?.headers ?? {};
    expect(atOther.authorization).toBeUndefined();
    expect(atOther['x-api-key']).toBeUndefined();
    expect(atOther.accept).toBe('application/rss+xml');
  });

  it('does not send them again when the other origin redirects back', async () => {
    await safeFetch(`${source.origin}/round-trip`, { allowLoopback: true, headers: credentials });
    expect(source.seen.map((hit) => hit.path)).toEqual(['/round-trip', '/feed']);
    expect(source.seen[1]?.headers.authorization).toBeUndefined();
  });

  it('keeps them on a redirect within the same origin', async () => {
    await safeFetch(`${source.origin}/same-site`, { allowLoopback: true, headers: credentials });
    expect(source.seen.map((hit) => hit.path)).toEqual(['/same-site', '/feed']);
    expect(source.seen[1]?.headers).toMatchObject(credentials);
  });
});
