import Fastify from 'fastify';
import { installHeavyRouteLimit, isPriorityWrite, timerLoopDelay } from './heavy-route-limit';

/**
 * A bare app whose order and halt the test answers by hand, so an order can be held "being
 * answered" while reads arrive; the loop's work since its beat is whatever the test says.
 */
async function appWithPriority(
  work: () => number,
  maxLoopDelayMs = 20,
  extra: { minReadsToShed?: number; priorityWindowMs?: number } = {},
) {
  const app = Fastify();
  installHeavyRouteLimit(app, {
    maxInFlight: 8,
    maxLoopDelayMs,
    maxWorkWhileOrdersMs: 3,
    retryAfterSeconds: 1,
    ...extra,
    loopDelay: { behindMs: () => 0, workMs: work, stop() {} },
  });
  const held: (() => void)[] = [];
  const hold = () => new Promise((resolve) => held.push(() => resolve({ placed: true })));
  app.post('/api/orders', hold);
  app.post('/api/risk/emergency-stop', hold);
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/market/overview', async () => ({ indices: {} }));
  app.get('/api/market/candles/:symbol', async () => ({ candles: [] }));
  await app.ready();
  const answer = () => {
    for (const resolve of held.splice(0)) resolve();
  };
  const untilHeld = async (count: number) => {
    while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
  };
  return { app, answer, untilHeld };
}

describe('reads give way while an order or a halt is being answered', () => {
  it.each([
    ['an order', '/api/orders'],
    ['an Emergency Stop', '/api/risk/emergency-stop'],
  ])(
    'refuses reads once the loop has worked past the tighter limit while %s waits, and serves them after',
    async (_, url) => {
      let work = 5;
      const { app, answer, untilHeld } = await appWithPriority(() => work);
      // Before the order, 5 ms of work is well inside the ordinary 20 ms guard.
      expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);

      const placing = app.inject({ method: 'POST', url, payload: {} });
      await untilHeld(1);
      for (const read of ['/api/market/overview', '/api/market/candles/TCS']) {
        const refused = await app.inject({ method: 'GET', url: read });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toEqual({
          success: false,
          code: 'busy',
          error:
            'The server is busy placing orders: try again in 1 s; orders and Emergency Stop are not affected.',
        });
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // A second order is never refused, whatever the loop's work.
      const second = app.inject({ method: 'POST', url: '/api/orders', payload: {} });
      await untilHeld(2);

      work = 2;
      expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);
      work = 5;
      answer();
      expect((await placing).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);
      await app.close();
    },
  );

  it('applies no tighter limit when the loop guard is off', async () => {
    const { app, answer, untilHeld } = await appWithPriority(() => 50, 0);
    const placing = app.inject({ method: 'POST', url: '/api/orders', payload: {} });
    await untilHeld(1);
    expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);
    answer();
    await placing;
    await app.close();
  });

  it('never refuses a screen its own handful of reads while an order waits', async () => {
    const { app, answer, untilHeld } = await appWithPriority(() => 50, 20, { minReadsToShed: 12 });
    const placing = app.inject({ method: 'POST', url: '/api/orders', payload: {} });
    await untilHeld(1);
    // The probe's beat never moves here: these ten reads are one screen opening in one beat.
    for (let read = 0; read < 10; read += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);
    }
    answer();
    await placing;
    await app.close();
  });

  it('stops giving way to an order still unanswered after its window: a live order waiting on the broker holds no loop', async () => {
    // A window of a second: a busy CI worker can take tens of ms between the order and the read.
    const { app, answer, untilHeld } = await appWithPriority(() => 50, 100, { priorityWindowMs: 1_000 });
    const placing = app.inject({ method: 'POST', url: '/api/orders', payload: {} });
    await untilHeld(1);
    expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await app.inject({ method: 'GET', url: '/api/market/overview' })).statusCode).toBe(200);
    answer();
    expect((await placing).statusCode).toBe(200);
    await app.close();
  });

  it('gives way to placing and cancelling orders, the halt and the resume, not to reads of orders', () => {
    for (const [method, url] of [
      ['POST', '/api/orders'],
      ['DELETE', '/api/orders/:id'],
      ['POST', '/api/risk/emergency-stop'],
      ['POST', '/api/risk/resume'],
    ] as const) {
      expect(isPriorityWrite(method, url)).toBe(true);
    }
    expect(isPriorityWrite('GET', '/api/orders')).toBe(false);
    expect(isPriorityWrite('OPTIONS', '/api/orders')).toBe(false);
    expect(isPriorityWrite('POST', '/api/trading/paper-limits')).toBe(false);
    expect(isPriorityWrite('POST', undefined)).toBe(false);
  });

  it("reads the work since the last beat as the smaller of the clock and the loop's active time", () => {
    let [wall, active] = [1_000, 500];
    const probe = timerLoopDelay(
      () => wall,
      () => active,
    );
    [wall, active] = [1_004, 503];
    expect(probe.workMs?.()).toBe(3);
    // Waiting for I/O: the clock ran on, the loop was not active.
    [wall, active] = [1_040, 504];
    expect(probe.workMs?.()).toBe(4);
    probe.stop();
  });
});
