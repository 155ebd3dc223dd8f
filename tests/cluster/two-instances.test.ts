import { queryTestDatabase } from '../../packages/server/src/test-support/postgres';
import {
  openSignedInStream,
  type StreamTestClient,
} from '../../packages/server/src/test-support/stream-test-client';
import { callApi, clock, placeOrder, poll } from './support/api';
import { type Cluster, startCluster } from './support/cluster';
import { type Acknowledged, sendOrdersThroughFailover } from './support/order-load';

interface ScalingReply {
  data: { deployment: { leader_id: string | null; instances: { id: string }[] } };
}

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/api/stream`;

/** The first frame on `topic` this client has received, waiting up to 15 s for the feed. */
async function frameOn(client: StreamTestClient, topic: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const frame = client.messages.find((message) => message.topic === topic);
    if (frame) return frame;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${topic} frame within 15 s; got ${JSON.stringify(client.messages.slice(-3))}`);
}

describe('two API instances behind a proxy, sharing PostgreSQL and Redis', () => {
  let cluster: Cluster;
  let token: string;
  const streams: StreamTestClient[] = [];

  beforeAll(async () => {
    cluster = await startCluster(['a', 'b']);
    token = await cluster.signIn('a');
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.socket.terminate();
    await cluster?.stop();
  }, 60_000);

  const leaderSeenBy = async (name: string) =>
    (
      await callApi<ScalingReply>(cluster.proxy.via(name), '/api/auto-scaling/status', {
        token,
        timeoutMs: 5000,
      })
    ).body.data.deployment.leader_id;

  it('takes a session made on A for a stream through B, and a tick reaches stream clients of both', async () => {
    for (const name of ['a', 'b']) {
      const client = await openSignedInStream(wsUrl(cluster.proxy.via(name)), token);
      streams.push(client);
      client.send({ type: 'subscribe', topics: ['ticks:RELIANCE'] });
    }
    const [onA, onB] = await Promise.all(streams.map((client) => frameOn(client, 'ticks:RELIANCE')));
    expect(onA).toMatchObject({ data: { symbol: 'RELIANCE' } });
    expect(onB).toMatchObject({ data: { symbol: 'RELIANCE' } });
  });

  it('lists on B an order placed on A, and answers a retry of its key on B with the same order', async () => {
    const placed = await placeOrder(cluster.proxy.via('a'), token, 'listed-on-b');
    expect(placed.status).toBe(201);
    const id = placed.body.data!.id;
    const listed = await callApi<{ data: { id: string; idempotencyKey: string } }>(
      cluster.proxy.via('b'),
      `/api/orders/${id}`,
      { token },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ id, idempotencyKey: 'listed-on-b', status: 'FILLED' });
    const retried = await placeOrder(cluster.proxy.via('b'), token, 'listed-on-b');
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.data!.id).toBe(id);
  });

  it('refuses orders on B within 1 s of an Emergency Stop on A, and takes them again after the resume', async () => {
    const stopped = await callApi(cluster.proxy.via('a'), '/api/risk/emergency-stop', {
      token,
      body: { reason: 'Cluster halt check', close_positions: false },
    });
    expect(stopped.status).toBe(200);
    const stoppedAt = clock();
    let key = 0;
    // One order at a time on B until one is refused, for at most 1 s after the stop was acknowledged.
    const refused = await poll(
      () => placeOrder(cluster.proxy.via('b'), token, `halt-${key++}`),
      (reply) => reply.status === 422,
      Math.max(0, 1000 - (clock() - stoppedAt)),
      20,
    );
    console.log(`halt propagation: an order on B refused ${clock() - stoppedAt} ms after the stop on A`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/Trading is halted .*Cluster halt check/);

    expect((await callApi(cluster.proxy.via('a'), '/api/risk/resume', { token, body: {} })).status).toBe(200);
    const accepted = await poll(
      () => placeOrder(cluster.proxy.via('b'), token, `after-resume-${key++}`),
      (reply) => reply.status === 201,
      5000,
    );
    expect(accepted.status).toBe(201);
  });

  it('hands the lead to the survivor within 15 s of a kill -9, losing and doubling no acknowledged order', async () => {
    const leader = await leaderSeenBy('a');
    expect(['a', 'b']).toContain(leader);
    const survivor = leader === 'a' ? 'b' : 'a';
    let killedAt = 0;
    let takeoverMs = Number.NaN;
    const load = sendOrdersThroughFailover({
      via: (name) => cluster.proxy.via(name),
      names: ['a', 'b'],
      token,
      keyPrefix: 'failover-',
      // Until the survivor leads and has taken orders for a while, bounded in count and time.
      keepGoing: () => Number.isNaN(takeoverMs) || clock() - killedAt < takeoverMs + 3000,
      maxOrders: 5000,
      maxMs: 45_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cluster.kill(leader!);
    killedAt = clock();
    const lead = await poll(
      () => leaderSeenBy(survivor),
      (id) => id === survivor,
      15_000,
      100,
    );
    takeoverMs = clock() - killedAt;
    console.log(`takeover: ${survivor} leads ${takeoverMs} ms after kill -9 of ${leader}`);
    expect(lead).toBe(survivor);

    const acknowledged: Acknowledged[] = await load;
    const rows = await queryTestDatabase<{ id: string; idempotency_key: string }>(
      cluster.database.url,
      "SELECT id, idempotency_key FROM orders WHERE idempotency_key LIKE 'failover-%'",
    );
    const retried = acknowledged.filter((order) => order.attempts > 1).length;
    console.log(
      `failover load: ${acknowledged.length} orders acknowledged (${retried} after a retry with the same key), ${rows.length} in the database`,
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(acknowledged.some((order) => order.at > killedAt)).toBe(true);
    const lost = acknowledged.filter(({ id, key }) => {
      const matching = rows.filter((row) => row.id === id);
      return matching.length !== 1 || matching[0]!.idempotency_key !== key;
    });
    expect(lost).toEqual([]);
    const perKey = new Map<string, number>();
    for (const row of rows) perKey.set(row.idempotency_key, (perKey.get(row.idempotency_key) ?? 0) + 1);
    expect([...perKey].filter(([, count]) => count > 1)).toEqual([]);
  }, 90_000);
});
