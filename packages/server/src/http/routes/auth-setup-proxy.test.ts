import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSetupTokenFromFile } from '../../engines/auth/setup-link-file';
import { buildTestApp, type TestApp } from '../../test-support';

/**
 * A reverse proxy on the same machine as nginx's default `proxy_pass` behaves: it relays to the API
 * from 127.0.0.1 and adds no forwarding header, so every visitor looks local to the API.
 */
async function startHeaderStrippingProxy(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((incoming, outgoing) => {
    const relayed = http.request(
      `${target}${incoming.url}`,
      {
        method: incoming.method,
        headers: {
          host: new URL(target).host,
          ...(incoming.headers['content-type'] ? { 'content-type': incoming.headers['content-type'] } : {}),
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(relayed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('password setup behind a reverse proxy on the same machine', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startHeaderStrippingProxy>>;

  beforeEach(async () => {
    t = await buildTestApp();
    const api = await t.app.listen({ host: '127.0.0.1', port: 0 });
    proxy = await startHeaderStrippingProxy(api);
  });
  afterEach(async () => {
    await proxy.stop();
    await t.close();
  });

  it('gives a visitor no setup token on first run, in any reply', async () => {
    const post = (url: string, body: object) =>
      fetch(`${proxy.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const setup = await post('/api/auth/request-password-setup', { email: t.config.traderEmail });
    const login = await post('/api/auth/login', {
      email: t.config.traderEmail,
      password: 'Guess-Password-123',
    });

    expect(setup.status).toBe(200);
    const token = readSetupTokenFromFile(t.config.dataDir) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const reply of [setup, login]) {
      const seen = `${JSON.stringify([...reply.headers])}${await reply.text()}`;
      expect(seen).not.toContain(token);
      expect(seen).not.toContain('temp_token');
    }
  });
});
