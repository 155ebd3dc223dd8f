import type { RateCounters } from '../../core/ports/rate-counters';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../../test-support/test-redis';
import { MemoryRateCounters } from '../memory/memory-rate-counters';
import { openRedisCluster, type RedisCluster } from './redis-cluster';

const T0 = Date.UTC(2026, 0, 12, 4, 30);

// One contract, two implementations: Redis must count exactly as the in-process counters do.
describe.each([
  ['in memory', false],
  ['in Redis', true],
])('rate counters %s', (_name, inRedis) => {
  let t: number;
  let counters: RateCounters;
  let cluster: RedisCluster | null = null;
  let prefix: string;

  beforeEach(() => {
    t = T0;
    prefix = uniqueRedisPrefix('counters');
    if (inRedis) {
      cluster = openRedisCluster({ url: testRedisUrl(), prefix, now: () => t });
      counters = cluster.counters;
    } else {
      counters = new MemoryRateCounters(() => t);
    }
  });

  afterEach(async () => {
    await cluster?.close();
    cluster = null;
    if (inRedis) await dropRedisPrefix(prefix);
  });

  it('allows the limit, then refuses with the wait until the oldest hit leaves the window', async () => {
    const verdicts = [];
    for (let i = 0; i < 3; i++) {
      verdicts.push(await counters.hit('orders', 1000, 3));
      t += 100;
    }
    expect(verdicts.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    // t = T0 + 300: the first hit (T0) leaves at T0 + 1000.
    expect(await counters.hit('orders', 1000, 3)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 700,
    });
    t = T0 + 1000;
    expect((await counters.hit('orders', 1000, 3)).allowed).toBe(true);
  });

  it('does not count refused hits, so hammering does not extend the wait', async () => {
    await counters.hit('sign-in', 60_000, 1);
    for (let i = 0; i < 5; i++) expect((await counters.hit('sign-in', 60_000, 1)).allowed).toBe(false);
    t += 60_000;
    expect((await counters.hit('sign-in', 60_000, 1)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    await counters.hit('a', 60_000, 1);
    expect((await counters.hit('b', 60_000, 1)).allowed).toBe(true);
    expect((await counters.hit('a', 60_000, 1)).allowed).toBe(false);
    await counters.reset('a');
    expect((await counters.hit('a', 60_000, 1)).allowed).toBe(true);
  });
});

describe('rate counters shared through one Redis', () => {
  const prefix = uniqueRedisPrefix('shared-counters');
  const instances = [0, 1].map(() => openRedisCluster({ url: testRedisUrl(), prefix }));

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await dropRedisPrefix(prefix);
  });

  it('lets exactly ten of thirty simultaneous hits through across two instances', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => instances[i % 2]!.counters.hit('upstox-orders', 60_000, 10)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });

  it("counts on Redis's own clock when no clock is given", async () => {
    const [first, second] = instances.map((instance) => instance.counters);
    expect((await first!.hit('redis-time', 60_000, 1)).allowed).toBe(true);
    const refused = await second!.hit('redis-time', 60_000, 1);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });
});
