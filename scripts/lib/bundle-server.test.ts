import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BundleServer, resolveStaticFile, startBundleServer } from './bundle-server';
import { parseUpstreams } from './image-settings';

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A stand-in API: echoes what it was sent, and answers a WebSocket upgrade by echoing bytes. */
async function startEchoUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({ url: req.url, host: req.headers.host, forwarded: req.headers['x-forwarded-for'] }),
    );
  });
  server.on('upgrade', (_req, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the image web server', () => {
  let dir: string;
  let api: Awaited<ReturnType<typeof startEchoUpstream>>;
  let infra: Awaited<ReturnType<typeof startEchoUpstream>>;
  let server: BundleServer;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bundle-'));
    write(path.join(dir, 'host/index.html'), '<html>host</html>');
    write(path.join(dir, 'host/main.1a2b3c4d.js'), 'host();');
    write(path.join(dir, 'mf-ml/mf-ml/1.0.0/mf-manifest.json'), '{"name":"ml"}');
    write(path.join(dir, 'mf-ml/mf-ml/1.0.0/index.html'), '<html>ml standalone</html>');
    write(path.join(dir, 'secret.txt'), 'outside every root');
    [api, infra] = await Promise.all([startEchoUpstream(), startEchoUpstream()]);
    server = await startBundleServer({
      port: 0,
      host: '127.0.0.1',
      roots: [path.join(dir, 'host'), path.join(dir, 'mf-ml')],
      spa: {
        indexFile: path.join(dir, 'host/index.html'),
        apiUrl: 'http://localhost:8080',
        contentSecurityPolicy: "default-src 'self'",
      },
      apiUpstream: api.url,
      upstreams: { '/mf-infra/': infra.url },
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([api.close(), infra.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a remote build readable from any origin, revalidated, and hashed files as immutable', async () => {
    const manifest = await fetch(`${base}/mf-ml/1.0.0/mf-manifest.json`);
    expect(await manifest.json()).toEqual({ name: 'ml' });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const hashed = await fetch(`${base}/main.1a2b3c4d.js`);
    expect(hashed.headers.get('cache-control')).toContain('immutable');
    expect(hashed.headers.get('content-type')).toContain('javascript');
  });

  it('answers the host page, with its CSP, for any screen path, and names the API in /app-config.js', async () => {
    const page = await fetch(`${base}/trading/portfolio`);
    expect(await page.text()).toBe('<html>host</html>');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const config = await fetch(`${base}/app-config.js`);
    expect(await config.text()).toContain('"apiUrl":"http://localhost:8080"');
  });

  it("serves a remote's own standalone page as the file it is, not the host page", async () => {
    const page = await fetch(`${base}/mf-ml/1.0.0/index.html`);
    expect(await page.text()).toBe('<html>ml standalone</html>');
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('answers 404 for a missing remote file rather than the host page', async () => {
    expect((await fetch(`${base}/mf-ml/9.9.9/remoteEntry.js`)).status).toBe(404);
  });

  it('never serves a file outside its folders', () => {
    const roots = [path.join(dir, 'host')];
    expect(resolveStaticFile(roots, '/../secret.txt')).toBeNull();
    expect(resolveStaticFile(roots, '/..%2fsecret.txt')).toBeNull();
    expect(resolveStaticFile(roots, '/%E0%A4%A')).toBeNull();
    expect(resolveStaticFile(roots, '/index.html')).toBe(path.join(dir, 'host/index.html'));
  });

  it('passes /api to the API with the Host kept and the client named in X-Forwarded-For', async () => {
    const reply = await (await fetch(`${base}/api/health?x=1`)).json();
    expect(reply).toEqual({
      url: '/api/health?x=1',
      host: `127.0.0.1:${server.port}`,
      forwarded: '127.0.0.1',
    });
  });

  it('passes a remote shipped in its own image to its server', async () => {
    const reply = await (await fetch(`${base}/mf-infra/1.0.0/mf-manifest.json`)).json();
    expect(reply.url).toBe('/mf-infra/1.0.0/mf-manifest.json');
  });

  it('passes the stream socket through both ways', async () => {
    const socket = await new Promise<import('node:net').Socket>((resolve, reject) => {
      const request = http.request(`${base}/api/stream`, {
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      });
      request.on('upgrade', (_res, upgraded) => resolve(upgraded));
      request.on('error', reject);
      request.end();
    });
    const echoed = new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))));
    socket.write('ping');
    expect(await echoed).toBe('ping');
    socket.destroy();
  });

  it('answers 502 when the API is down', async () => {
    const lonely = await startBundleServer({
      port: 0,
      host: '127.0.0.1',
      roots: [],
      apiUpstream: 'http://127.0.0.1:1',
    });
    const response = await fetch(`http://127.0.0.1:${lonely.port}/api/health`);
    expect(response.status).toBe(502);
    await lonely.close();
  });
});

describe('REMOTE_UPSTREAMS', () => {
  it('maps each remote to its server', () => {
    expect(parseUpstreams('infra=http://mf-infra:8080/, ml=https://ml.example.com')).toEqual({
      '/mf-infra/': 'http://mf-infra:8080',
      '/mf-ml/': 'https://ml.example.com',
    });
    expect(parseUpstreams('')).toEqual({});
  });

  it('refuses an entry that is not name=origin, saying what it expects', () => {
    expect(() => parseUpstreams('infra')).toThrow(/must be name=http:\/\/host:port/);
    expect(() => parseUpstreams('infra=http://mf-infra:8080/path')).toThrow(/REMOTE_UPSTREAMS/);
  });
});
