import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Tick } from '../engines/market/market-types';
import {
  buildTestApp,
  createRunningClock,
  openSignedInStream,
  signInForTest,
  type TestApp,
} from '../test-support';
import type { StreamTestClient } from '../test-support/stream-test-client';
import { createSwitchableLeadership, type SwitchableLeadership } from '../test-support/switchable-leadership';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../test-support/test-redis';
import { loadConfig } from './config';

/** Waits for what another instance does on its own time: checks every 10 ms, gives up after 2 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('the other instance did not follow within 2 s');
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

interface Frame {
  topic: string;
  data: Tick & { marker?: string };
}

interface Instance {
  testApp: TestApp;
  leadership: SwitchableLeadership;
}

/**
 * A leader and a follower on one Redis and one database file. Only the cluster engine runs: the
 * test connects the leader's feed and drives its simulator by hand, so every tick is one it made.
 */
describe("a follower's market follows the leader's feed", () => {
  const now = createRunningClock();
  let dir: string;
  let prefix: string;
  let a: Instance;
  let b: Instance;

  const instance = async (instanceId: string, leading: boolean): Promise<Instance> => {
    const leadership = createSwitchableLeadership(leading, instanceId);
    // Five ticks a second of simulated time: `emit(1, …)` sends five, to symbols of its choice.
    const env = { NODE_ENV: 'test', DATA_DIR: dir, SIMULATOR_HISTORY_SESSIONS: '2' };
    const market = { ...loadConfig(env).market, ticksPerSecond: 5 };
    const testApp = await buildTestApp({
      config: { redis: { url: testRedisUrl(), prefix }, instanceId, market, replayHistory: false },
      databaseFile: path.join(dir, 'trading.db'),
      now,
      leadership,
    });
    await testApp.runtime.engines.find((engine) => engine.name === 'cluster')!.start();
    return { testApp, leadership };
  };

  /** Connects `leader`'s simulator feed with its timer stopped, so only `emit` sends ticks. */
  const connectFeed = async ({ testApp }: Instance) => {
    await testApp.services.market.connectFeed();
    await testApp.services.market.simulator.stop();
  };
  const emitTicks = ({ testApp }: Instance): Tick[] => {
    const ticks = testApp.services.market.simulator.emit(1, now());
    expect(ticks.length).toBeGreaterThan(0);
    return ticks;
  };

  /** A stream client of `on` watching the indices and every stock's ticks. */
  const watch = async ({ testApp }: Instance): Promise<StreamTestClient> => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/api/stream`;
    const client = await openSignedInStream(url, (await signInForTest(testApp)).token);
    const stocks = testApp.services.market.instruments.map((instrument) => `ticks:${instrument.symbol}`);
    client.send({ type: 'subscribe', topics: ['indices', ...stocks] });
    await client.next((message) => message.type === 'subscribed');
    return client;
  };

  /**
   * Everything `from` has published so far reaches the clients before this marker (one connection
   * to Redis keeps its order): after it arrives, a frame `from` sent by mistake would be there too.
   */
  const marker = async (from: Instance, client: StreamTestClient) => {
    await nextTurn();
    const id = `marker-${from.leadership.identity}`;
    await from.testApp.services.cluster.bus.publish({
      type: 'stream-frames',
      frames: [{ topic: 'indices', data: { marker: id } }],
    });
    await until(() => frames(client).some((frame) => frame.data.marker === id));
  };
  /** Frames sent in one moment arrive as one JSON array message. */
  const frames = (client: StreamTestClient) =>
    client.messages
      .flatMap((message) => (Array.isArray(message) ? message : [message]))
      .filter((message): message is Frame => typeof message.topic === 'string');
  const indexFrames = (client: StreamTestClient) =>
    frames(client).filter((frame) => frame.topic === 'indices' && !frame.data.marker);
  const tickFrames = (client: StreamTestClient) =>
    frames(client).filter((frame) => frame.topic.startsWith('ticks:'));
  const byVolume = (ticks: { symbol: string; volume: number }[]) =>
    ticks.map((tick) => `${tick.symbol}@${tick.volume}`).sort();

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-follower-market-'));
    prefix = uniqueRedisPrefix('follower-market');
    a = await instance('a', true);
    b = await instance('b', false);
  });

  afterEach(async () => {
    await Promise.all([a.testApp.close(), b.testApp.close()]);
    await dropRedisPrefix(prefix);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers the follower's quotes with the ticks of the leader's feed", async () => {
    await connectFeed(a);
    const ticks = emitTicks(a);
    const last = ticks.at(-1)!;
    const followed = () => b.testApp.services.market.pipeline.lastTicks.get(last.symbol);
    await until(() => followed()?.volume === last.volume);

    const quote = async ({ testApp }: Instance) => {
      const { headers } = await signInForTest(testApp);
      const url = `/api/market/quotes?symbols=${last.symbol}`;
      const response = await testApp.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      return response.json().data[0];
    };
    const [onLeader, onFollower] = [await quote(a), await quote(b)];
    expect(onFollower).toMatchObject({ symbol: last.symbol, ltp: last.ltp, volume: last.volume });
    expect(onFollower.ltp).toBe(onLeader.ltp);
    expect(onFollower.previousClose).toBe(onLeader.previousClose);
    // The leader's own ticks are not applied a second time off the bus.
    expect(a.testApp.services.market.pipeline.stats().processed).toBe(ticks.length);
    expect(b.testApp.services.market.lastPrice(last.symbol)).toBe(
      a.testApp.services.market.lastPrice(last.symbol),
    );
  });

  it("sends the follower's stream clients each of the leader's frames once, none of its own", async () => {
    await connectFeed(a);
    const client = await watch(b);
    b.testApp.services.market.publishSecond();
    a.testApp.services.market.publishSecond();
    const ticks = emitTicks(a);
    await until(() => tickFrames(client).length >= ticks.length && indexFrames(client).length >= 1);
    // The follower has applied the ticks (and would have published them) before its marker.
    await until(() => b.testApp.services.market.pipeline.lastTicks.get(ticks.at(-1)!.symbol) !== undefined);
    await marker(b, client);
    await marker(a, client);

    expect(indexFrames(client)).toHaveLength(1);
    expect(byVolume(tickFrames(client).map((frame) => frame.data))).toEqual(byVolume(ticks));
    client.socket.close();
    await client.closed;
  });

  it('swaps the roles when the leadership moves', async () => {
    a.leadership.set(false);
    b.leadership.set(true);
    await connectFeed(b);
    const client = await watch(a);
    a.testApp.services.market.publishSecond();
    b.testApp.services.market.publishSecond();
    const ticks = emitTicks(b);
    await until(() => tickFrames(client).length >= ticks.length && indexFrames(client).length >= 1);
    const last = ticks.at(-1)!;
    await until(() => a.testApp.services.market.pipeline.lastTicks.get(last.symbol)?.volume === last.volume);
    await marker(a, client);
    await marker(b, client);

    expect(indexFrames(client)).toHaveLength(1);
    expect(byVolume(tickFrames(client).map((frame) => frame.data))).toEqual(byVolume(ticks));
    expect(a.testApp.services.market.lastPrice(last.symbol)).toBe(last.ltp);
    client.socket.close();
    await client.closed;
  });
});
