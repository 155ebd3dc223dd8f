import type { AddressInfo } from 'node:net';
import { STREAM_CLOSE_CODES } from '@td/contracts';
import { WebSocketServer } from 'ws';
import type { HaltRecord } from '../core/ports/repositories/halts';
import { clusterStream } from '../engines/stream/cluster-stream';
import { StreamHub } from '../engines/stream/stream-hub';
import { LocalClusterBus } from '../storage/memory/local-cluster-bus';
import { openRedisCluster, type RedisCluster } from '../storage/redis/redis-cluster';
import { openSignedInStream, type StreamTestClient } from '../test-support';
import { testRedisUrl, uniqueRedisPrefix } from '../test-support/test-redis';
import { followCluster } from './cluster';

const HALT: HaltRecord = {
  ...{ id: 1, haltedAt: Date.UTC(2026, 0, 12, 5), reason: 'Test', source: 'manual', breaker: null },
  ...{ haltedBy: 'trader@example.com', cancelledOrders: 0, filledOrders: 0, chasingOrders: 0 },
  ...{ closedPositions: 0, resumedAt: null, resumedBy: null, resumeReason: null },
};

/** One instance: a hub behind a WebSocket server, on `cluster`'s bus; sessions are `live-…` tokens in `sessions`. */
async function instanceOn(cluster: RedisCluster, sessions: Set<string>) {
  const hub = new StreamHub({
    verifyToken: (token) => (sessions.has(token) ? 'trader@example.com' : null),
    isKnownSymbol: () => true,
  });
  const adopted: Array<HaltRecord | null> = [];
  const safety = {
    adoptHalt: (record: HaltRecord | null) => adopted.push(record) as never,
    reloadHalt: () => adopted.push(null) as never,
  };
  followCluster(cluster.bus, { stream: hub, safety });
  const feed = clusterStream(cluster.bus, hub);
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => hub.accept(socket));
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    hub.closeAll();
    feed.detach();
    await new Promise((resolve) => server.close(resolve));
  };
  return { hub, feed, url, adopted, close };
}

/** Every frame a client received, batches (JSON arrays) taken apart. */
const framesOf = (client: StreamTestClient) =>
  client.messages.flatMap((message) => (Array.isArray(message) ? message : [message]));

describe('instances following one Redis bus', () => {
  const sessions = new Set(['live-1', 'live-2']);
  let clusters: RedisCluster[];
  let instances: Awaited<ReturnType<typeof instanceOn>>[];

  beforeEach(async () => {
    const prefix = uniqueRedisPrefix('follow');
    clusters = ['a', 'b'].map((instanceId) => openRedisCluster({ url: testRedisUrl(), prefix, instanceId }));
    await Promise.all(clusters.map((cluster) => cluster.bus.ready()));
    instances = await Promise.all(clusters.map((cluster) => instanceOn(cluster, sessions)));
  });

  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await Promise.all(clusters.map((cluster) => cluster.close()));
  });

  it('sends a frame published on one instance to the clients of both, each exactly once', async () => {
    const [a, b] = instances;
    const clients = [await openSignedInStream(a!.url, 'live-1'), await openSignedInStream(b!.url, 'live-2')];
    for (const client of clients) {
      client.send({ type: 'subscribe', topics: ['ticks:RELIANCE'] });
      await client.next((message) => message.type === 'subscribed');
    }
    a!.feed.publisher.publish('ticks:RELIANCE', { ltp: 1 });
    a!.feed.publisher.publish('ticks:RELIANCE', { ltp: 2 });
    for (const client of clients) {
      await client.next(() => framesOf(client).some((frame) => (frame.data as { ltp?: number })?.ltp === 2));
      const ticks = framesOf(client).filter((frame) => frame.topic === 'ticks:RELIANCE');
      expect(ticks.map((frame) => (frame.data as { ltp: number }).ltp)).toEqual([1, 2]);
      client.socket.close();
      await client.closed;
    }
  });

  it("closes the other instance's streams of a session that ended on one", async () => {
    const client = await openSignedInStream(instances[1]!.url, 'live-2');
    sessions.delete('live-2'); // signed out on instance A: the session store says so
    await clusters[0]!.bus.publish({ type: 'session-revoked', email: 'trader@example.com' });
    expect(await client.closed).toEqual({ code: STREAM_CLOSE_CODES.sessionEnded, reason: 'Session ended' });
    sessions.add('live-2');
  });

  it('adopts a halt published by another instance, not its own', async () => {
    const [a, b] = instances;
    // Both buses hear both events (their own included) before the checks.
    const bothHeard = clusters.map(
      (cluster) =>
        new Promise<void>((resolve) => {
          let heard = 0;
          cluster.bus.subscribe('halt-changed', () => ++heard === 2 && resolve());
        }),
    );
    await clusters[0]!.bus.publish({ type: 'halt-changed', halt: HALT });
    await clusters[1]!.bus.publish({ type: 'halt-changed', halt: { ...HALT, id: 2 } });
    await Promise.all(bothHeard);
    expect(b!.adopted).toEqual([HALT]);
    expect(a!.adopted).toEqual([{ ...HALT, id: 2 }]);
  });
});

describe('one instance on the in-process bus', () => {
  it('hands the market the hub itself: frames reach it synchronously, as before the bus', () => {
    const published: string[] = [];
    const hub = { publish: (topic: string) => published.push(topic), hasSubscribers: () => true };
    const feed = clusterStream(new LocalClusterBus(), hub);
    expect(feed.publisher).toBe(hub);
    feed.publisher.publish('ticks:TCS', {});
    expect(published).toEqual(['ticks:TCS']);
  });
});
