import type { AddressInfo } from 'node:net';
import type { Tick } from '../engines/market/market-types';
import {
  buildTestApp,
  openSignedInStream,
  signInForTest,
  TEST_EPOCH,
  TEST_PASSWORD,
  type TestApp,
} from '../test-support';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../test-support/test-redis';

/** Waits for what another instance does on its own time: checks every 10 ms, gives up after 2 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('the other instance did not follow within 2 s');
}

/** Two API instances on one Redis (each with its own database: the shared one is PostgreSQL's part). */
describe('two instances sharing Redis', () => {
  let prefix: string;
  let a: TestApp;
  let b: TestApp;

  const instance = async (instanceId: string) => {
    const testApp = await buildTestApp({ config: { redis: { url: testRedisUrl(), prefix }, instanceId } });
    await testApp.runtime.engines.find((engine) => engine.name === 'cluster')!.start();
    return testApp;
  };

  beforeEach(async () => {
    prefix = uniqueRedisPrefix('runtime');
    a = await instance('a');
    b = await instance('b');
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await dropRedisPrefix(prefix);
  });

  it('halts the other instance when one takes an Emergency Stop, and resumes it with the resume', async () => {
    a.services.safety.emergencyStop('Test stop', false, 'trader@example.com');
    await until(() => b.services.safety.haltState().halted);
    expect(b.services.safety.haltState()).toMatchObject({
      halted: true,
      reason: 'Test stop',
      source: 'manual',
    });
    expect(b.services.safety.haltRefusal({ side: 'BUY', symbol: 'RELIANCE' })).toMatch(/Trading is halted/);

    a.services.safety.resume('trader@example.com', 'checked');
    await until(() => !b.services.safety.haltState().halted);
    expect(b.services.safety.haltState().resumed_by).toBe('trader@example.com');
  });

  it('counts wrong passwords on both instances against one sign-in limit', async () => {
    await signInForTest(a);
    await signInForTest(b);
    const login = (app: TestApp, password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: app.config.traderEmail, password },
      });
    const statuses: number[] = [];
    // LOGIN_MAX_FAILURES is 5 by default: three on A and two on B use it up.
    for (const app of [a, a, a, b, b, b, a])
      statuses.push((await login(app, 'Wrong-Horse-42-Battery')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Its own correct password is refused too while the address is over the limit.
    expect((await login(b, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it("delivers a tick received by one instance's feed to a stream client of the other, once", async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/stream`;
    const client = await openSignedInStream(url, (await signInForTest(b)).token);
    client.send({ type: 'subscribe', topics: ['ticks:RELIANCE'] });
    await client.next((message) => message.type === 'subscribed');
    const tick: Tick = {
      ...{ symbol: 'RELIANCE', ltp: 250_000, ltq: 1, volume: 10, previousClose: 249_000 },
      ...{ exchangeTs: TEST_EPOCH, receivedTs: TEST_EPOCH, source: 'simulator' },
    };
    a.services.market.pipeline.process(tick);
    const frame = await client.next((message) => message.topic === 'ticks:RELIANCE');
    expect(frame).toMatchObject({ data: { symbol: 'RELIANCE', ltp: 250_000 } });
    client.socket.close();
    await client.closed;
  });
});
