import Fastify, { type FastifyInstance } from 'fastify';
import { installHeavyRouteLimit, isHeavyRoute, isSheddableRead, timerLoopDelay } from './heavy-route-limit';

/** A bare app: one heavy route the test answers by hand, and the routes that must never wait. */
async function appWithLimit(maxInFlight: number, behindMs: () => number) {
  const app = Fastify();
  installHeavyRouteLimit(app, {
    maxInFlight,
    maxLoopDelayMs: 20,
    retryAfterSeconds: 1,
    loopDelay: { behindMs, stop() {} },
  });
  const pending: (() => void)[] = [];
  app.get(
    '/api/market/candles/:symbol',
    () => new Promise((resolve) => pending.push(() => resolve({ ok: 1 }))),
  );
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/market/overview', async () => ({ indices: {} }));
  app.post('/api/orders', async () => ({ placed: true }));
  app.post('/api/risk/emergency-stop', async () => ({ halted: true }));
  await app.ready();
  const release = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { app, release, pending };
}

const inject = (app: FastifyInstance, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });

async function expectRoutesThatNeverWait(app: FastifyInstance) {
  expect((await inject(app, 'GET', '/api/health')).statusCode).toBe(200);
  expect((await inject(app, 'POST', '/api/orders')).statusCode).toBe(200);
  expect((await inject(app, 'POST', '/api/risk/emergency-stop')).statusCode).toBe(200);
}

describe('the limit on heavy routes', () => {
  it('answers 503 with Retry-After and a sentence once the heavy requests in flight reach the limit', async () => {
    const { app, release, pending } = await appWithLimit(2, () => 0);
    const first = [
      inject(app, 'GET', '/api/market/candles/TCS'),
      inject(app, 'GET', '/api/market/candles/INFY'),
    ];
    while (pending.length < 2) await new Promise((resolve) => setImmediate(resolve));

    const refused = await inject(app, 'GET', '/api/market/candles/RELIANCE');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      success: false,
      code: 'busy',
      error:
        'The server is answering 2 heavy requests already: try again in 1 s; orders and Emergency Stop are not affected.',
    });
    await expectRoutesThatNeverWait(app);

    release();
    expect((await Promise.all(first)).map((response) => response.statusCode)).toEqual([200, 200]);
    const next = inject(app, 'GET', '/api/market/candles/RELIANCE');
    while (pending.length < 1) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await next).statusCode).toBe(200);
    await app.close();
  });

  it('refuses reads while the event loop is behind, and serves them again once it has caught up', async () => {
    let behind = 35;
    const { app, release } = await appWithLimit(8, () => behind);
    const refused = await inject(app, 'GET', '/api/market/candles/TCS');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error).toMatch(/^The server is busy catching up: try again in 1 s/);
    expect((await inject(app, 'GET', '/api/market/overview')).statusCode).toBe(503);
    await expectRoutesThatNeverWait(app);

    behind = 3;
    const served = inject(app, 'GET', '/api/market/candles/TCS');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await served).statusCode).toBe(200);
    await app.close();
  });

  it('refuses reads for a slow turn only once more arrived since the beat than a dashboard opening sends', async () => {
    let beats = 0;
    const app = Fastify();
    installHeavyRouteLimit(app, {
      maxInFlight: 8,
      maxLoopDelayMs: 20,
      minReadsToShed: 3,
      retryAfterSeconds: 1,
      loopDelay: { behindMs: () => 35, beats: () => beats, stop() {} },
    });
    app.get('/api/market/overview', async () => ({ indices: {} }));
    await app.ready();
    const statuses = async (count: number) => {
      const answers: number[] = [];
      for (let i = 0; i < count; i++)
        answers.push((await inject(app, 'GET', '/api/market/overview')).statusCode);
      return answers;
    };
    expect(await statuses(5)).toEqual([200, 200, 200, 503, 503]);
    beats += 1;
    expect(await statuses(4)).toEqual([200, 200, 200, 503]);
    await app.close();
  });

  it('counts only heavy reads against the limit, and never sheds health, orders, Emergency Stop or sign-in', () => {
    for (const url of ['/api/market/candles/:symbol', '/api/performance/analytics', '/api/risk/metrics']) {
      expect(isHeavyRoute('GET', url)).toBe(true);
    }
    expect(isHeavyRoute('GET', '/api/market/overview')).toBe(false);
    for (const url of [
      '/api/health',
      '/api/ready',
      '/api/orders',
      '/api/orders/:id',
      '/api/auth/me',
      '/api/stream',
      '/api/platform/registry',
      '/api/upstox/callback',
    ]) {
      expect(isHeavyRoute('GET', url)).toBe(false);
      expect(isSheddableRead('GET', url)).toBe(false);
    }
    for (const url of [
      '/api/orders',
      '/api/risk/emergency-stop',
      '/api/risk/resume',
      '/api/performance/analytics',
    ]) {
      expect(isSheddableRead('POST', url)).toBe(false);
    }
  });

  it('counts a turn as behind only for the time the loop was active in it, not time it waited for I/O', () => {
    let [wall, active] = [1_000, 500];
    const probe = timerLoopDelay(
      () => wall,
      () => active,
    );
    [wall, active] = [1_050, 545];
    expect(probe.behindMs()).toBe(35);
    [wall, active] = [1_200, 547];
    expect(probe.behindMs()).toBe(37);
    probe.stop();
    const waiting = timerLoopDelay(
      () => wall,
      () => active,
    );
    wall += 80;
    active += 3;
    expect(waiting.behindMs()).toBe(0);
    waiting.stop();
  });
});
