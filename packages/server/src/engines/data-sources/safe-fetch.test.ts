import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressVerdict } from './address-policy';
import { FetchRefused, safeFetch } from './safe-fetch';

let server: http.Server;
let base: string;
let hits: string[];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/ok') return void response.end('{"price":101}');
    if (request.url === '/to-private') {
      response.writeHead(302, { location: 'http://10.0.0.1/steal' });
      return void response.end();
    }
    if (request.url === '/to-metadata') {
      response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void response.end();
    }
    if (request.url === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return void response.end();
    }
    if (request.url === '/hop') {
      response.writeHead(302, { location: '/ok' });
      return void response.end();
    }
    if (request.url === '/huge') {
      // 20 MB without a Content-Length: the cap must stop the stream itself.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const write = () => {
        while (sent < 20 && response.write(chunk)) sent++;
        if (sent >= 20) response.end();
        else response.once('drain', write);
      };
      response.on('close', () => {
        sent = 20;
      });
      return write();
    }
    if (request.url === '/declared-huge') {
      response.writeHead(200, { 'content-length': String(20 * 1024 * 1024) });
      return void response.end();
    }
    if (request.url === '/slow') return; // never answers
    response.statusCode = 404;
    response.end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  hits = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as Error).message;
};

describe('addressVerdict', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:101::1', '6to4'],
    ['2002:808:808::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001::1', 'Teredo'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['64:ff9b:1:ffff::808:808', 'local-use NAT64'],
  ])('refuses %s as %s', (ip, words) => {
    expect(addressVerdict(ip)).toContain(words);
  });

  it.each([
    '8.8.8.8',
    '49.44.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:4860:4860::8888',
    '64:ff9b:2::1',
  ])('accepts public %s', (ip) => {
    expect(addressVerdict(ip)).toBeNull();
  });

  it('lets loopback through only with the explicit setting, never the other private ranges', () => {
    expect(addressVerdict('127.0.0.1', true)).toBeNull();
    expect(addressVerdict('::1', true)).toBeNull();
    expect(addressVerdict('10.0.0.1', true)).toContain('private');
    expect(addressVerdict('169.254.169.254', true)).toContain('metadata');
  });
});

describe('safeFetch', () => {
  it('fetches a local test server when loopback is allowed, with status, size and latency', async () => {
    const result = await safeFetch(`${base}/ok`, { allowLoopback: true });
    expect(result).toMatchObject({ ok: true, status: 200, bytes: 13 });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses loopback without the setting, before connecting', async () => {
    expect(await refusal(safeFetch(`${base}/ok`))).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(hits).toEqual([]);
  });

  it('refuses IPv6 loopback and unique-local literals', async () => {
    expect(await refusal(safeFetch('http://[::1]:9/x'))).toMatch(/loopback/);
    expect(await refusal(safeFetch('http://[fc00::1]/x'))).toMatch(/unique local/);
    expect(await refusal(safeFetch('http://[::ffff:7f00:1]/x'))).toMatch(/loopback/);
  });

  it('refuses private and metadata addresses even when loopback is allowed', async () => {
    expect(await refusal(safeFetch('http://10.0.0.1/', { allowLoopback: true }))).toMatch(/private/);
    expect(
      await refusal(safeFetch('http://169.254.169.254/latest/meta-data/', { allowLoopback: true })),
    ).toMatch(/metadata/);
  });

  it('refuses a name that resolves to 127.0.0.1 (DNS rebinding) and never connects', async () => {
    const port = (server.address() as AddressInfo).port;
    const resolve = jest.fn(async () => [{ address: '127.0.0.1', family: 4 }]);
    expect(await refusal(safeFetch(`http://rebind.example.com:${port}/ok`, { resolve }))).toMatch(
      /rebind\.example\.com resolves to 127\.0\.0\.1/,
    );
    expect(resolve).toHaveBeenCalledWith('rebind.example.com');
    expect(hits).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, even if the first is public', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(await refusal(safeFetch('http://mixed.example.com/', { resolve }))).toMatch(/10\.0\.0\.7/);
  });

  it('connects to the checked address, not to a second DNS answer', async () => {
    const port = (server.address() as AddressInfo).port;
    let calls = 0;
    // First answer (checked) is the test server; any later lookup would say 10.0.0.1.
    const resolve = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    const result = await safeFetch(`http://pinned.example.com:${port}/ok`, { resolve, allowLoopback: true });
    expect(result.ok).toBe(true);
    expect(calls).toBe(1);
  });

  it('refuses a redirect into a private or metadata address', async () => {
    expect(await refusal(safeFetch(`${base}/to-private`, { allowLoopback: true }))).toMatch(/10\.0\.0\.1/);
    expect(await refusal(safeFetch(`${base}/to-metadata`, { allowLoopback: true }))).toMatch(
      /169\.254\.169\.254/,
    );
  });

  it('follows a safe redirect and stops after three', async () => {
    expect((await safeFetch(`${base}/hop`, { allowLoopback: true })).finalUrl).toBe(`${base}/ok`);
    expect(await refusal(safeFetch(`${base}/loop`, { allowLoopback: true }))).toMatch(/more than 3 times/);
    expect(hits.filter((h) => h === '/loop')).toHaveLength(4);
  });

  it('refuses a 20 MB body, streamed or declared', async () => {
    expect(await refusal(safeFetch(`${base}/huge`, { allowLoopback: true }))).toMatch(/larger than 5 MB/);
    expect(await refusal(safeFetch(`${base}/declared-huge`, { allowLoopback: true }))).toMatch(
      /larger than 5 MB/,
    );
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    expect(await refusal(safeFetch(`${base}/slow`, { allowLoopback: true, timeoutMs: 200 }))).toMatch(
      /did not answer within 0.2 s/,
    );
  });

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'gopher://x', 'javascript:alert(1)'])(
    'refuses the non-http(s) URL %s',
    async (url) => {
      expect(await refusal(safeFetch(url))).toMatch(/Only http and https/);
    },
  );

  it('reports a non-2xx answer as not ok', async () => {
    expect(await safeFetch(`${base}/missing`, { allowLoopback: true })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
