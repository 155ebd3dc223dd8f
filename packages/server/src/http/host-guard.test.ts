import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { loadConfig } from '../runtime/config';
import { buildTestApp, type TestApp } from '../test-support';
import { scalar } from '../test-support/databases';

let t: TestApp;
afterEach(() => t.close());

const setupRequest = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-setup',
    payload: { email: t.config.traderEmail },
    headers,
  });

describe('Host and Origin checks (DNS rebinding)', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('answers this machine by any of its names and ports', async () => {
    for (const host of ['localhost:8082', '127.0.0.1:8082', '[::1]:8082', 'LOCALHOST', 'localhost:80']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect({ host, status: response.statusCode }).toEqual({ host, status: 200 });
    }
  });

  it('refuses every request naming another host, the first-run setup included, with a sentence', async () => {
    for (const host of [
      'attacker.example:8082',
      'localhost.attacker.example',
      'localhost@attacker.example',
    ]) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(health.statusCode).toBe(403);
      expect(health.json()).toEqual({
        success: false,
        error:
          'This server answers only to localhost, 127.0.0.1, [::1]; to reach it by another name, add that name to ALLOWED_HOSTS.',
        code: 'host_not_allowed',
      });
      const setup = await setupRequest({ host });
      expect(setup.statusCode).toBe(403);
    }
    // Nothing was issued for them: the page on this machine's own name still gets its link issued.
    expect(scalar(t.services.db, 'SELECT COUNT(*) FROM setup_tokens')).toBe(0);
    expect((await setupRequest({ host: 'localhost:8082' })).statusCode).toBe(200);
  });

  it("refuses a state-changing request from another site's page and accepts the dashboard's", async () => {
    const foreign = await setupRequest({ host: 'localhost:8082', origin: 'http://attacker.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      code: 'origin_not_allowed',
      error: expect.stringContaining('Only the dashboard (http://localhost:3000, http://127.0.0.1:3000)'),
    });
    const otherLocalPort = await setupRequest({ host: 'localhost:8082', origin: 'http://localhost:9999' });
    expect(otherLocalPort.statusCode).toBe(403);
    const dashboard = await setupRequest({ host: 'localhost:8082', origin: 'http://localhost:3000' });
    expect(dashboard.statusCode).toBe(200);
    // A read from elsewhere is left to CORS: the browser withholds the reply.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'localhost:8082', origin: 'http://attacker.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a stream opened from another site', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream`;
    const outcome = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, { origin });
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('unexpected-response', (request, response) => {
          request.destroy();
          resolve(`refused ${response.statusCode}`);
        });
        socket.once('error', () => resolve('error'));
      });
    expect(await outcome('http://attacker.example')).toBe('refused 403');
    expect(await outcome('http://localhost:3000')).toBe('open');
  });
});

describe('ALLOWED_HOSTS', () => {
  it('adds names the API answers to, for a server reached by its LAN name', async () => {
    t = await buildTestApp({
      config: { allowedHosts: loadConfig({ ALLOWED_HOSTS: 'Trading.lan, ::1' }).allowedHosts },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'trading.lan:8082' },
    });
    expect(response.statusCode).toBe(200);
    expect(t.config.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]', 'trading.lan']);
  });
});
