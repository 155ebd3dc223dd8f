import type { RateCounters } from '../../../core/ports/rate-counters';
import { MemoryRateCounters } from '../../../storage/memory/memory-rate-counters';
import { openRedisCluster, type RedisCluster } from '../../../storage/redis/redis-cluster';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../../../test-support/test-redis';
import { OrderThrottle, type ThrottleClock } from './order-throttle';
import { FakeClock } from './test-support/fake-clock';

/** A clock that stands still until the test moves it: a sleep lasts until `advance`. */
class HeldClock implements ThrottleClock {
  t = Date.UTC(2026, 0, 12, 4, 30);
  private sleepers: Array<() => void> = [];

  now(): number {
    return this.t;
  }

  sleep(): Promise<void> {
    return new Promise((resolve) => this.sleepers.push(resolve));
  }

  get sleeping(): number {
    return this.sleepers.length;
  }

  advance(ms: number): void {
    this.t += ms;
    const waking = this.sleepers;
    this.sleepers = [];
    for (const wake of waking) wake();
  }
}

/**
 * Lets the throttles run until both wait for time to pass (each serves its queue one call at a time).
 * Up to 10 s of real time: on a busy CI machine the first Redis connections and twenty round trips
 * took longer than the second this allowed before; a pass leaves as soon as both wait.
 */
async function untilBothWait(clock: HeldClock, said: () => string): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (clock.sleeping < 2 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 2));
  if (clock.sleeping < 2) throw new Error(`the throttles never had to wait (${said()})`);
}

describe.each([
  ['in memory', false],
  ['in one Redis', true],
])('OrderThrottle on two instances sharing counters %s', (_name, inRedis) => {
  let clock: HeldClock;
  let counters: RateCounters[];
  let clusters: RedisCluster[] = [];
  let prefix: string;

  beforeEach(() => {
    clock = new HeldClock();
    prefix = uniqueRedisPrefix('throttle');
    if (inRedis) {
      clusters = [0, 1].map(() => openRedisCluster({ url: testRedisUrl(), prefix, now: () => clock.now() }));
      counters = clusters.map((cluster) => cluster.counters);
    } else {
      const shared = new MemoryRateCounters(() => clock.now());
      counters = [shared, shared];
    }
  });

  afterEach(async () => {
    await Promise.all(clusters.map((cluster) => cluster.close()));
    clusters = [];
    if (inRedis) await dropRedisPrefix(prefix);
  });

  it('sends ten of twenty simultaneous orders in the first second, not twenty, and the rest a second later', async () => {
    const errors: unknown[] = [];
    const throttles = counters.map(
      (shared) =>
        new OrderThrottle({
          clock,
          shared: { counters: shared, key: 'upstox-orders', onError: (error) => errors.push(error) },
        }),
    );
    let sent = 0;
    const all = Promise.all(
      throttles.flatMap((throttle) => Array.from({ length: 10 }, () => throttle.run(async () => sent++))),
    );
    await untilBothWait(
      clock,
      () => `${sent} sent, ${clock.sleeping} waiting, counter errors: ${errors.join('; ') || 'none'}`,
    );
    expect(errors).toEqual([]);
    expect(sent).toBe(10);
    clock.advance(1000);
    await all;
    expect(sent).toBe(20);
  });
});

describe('OrderThrottle without its shared counters', () => {
  it('goes on with its own limit when the shared counters cannot be reached', async () => {
    const clock = new FakeClock();
    const start = clock.t;
    const errors: unknown[] = [];
    const broken: RateCounters = {
      hit: () => Promise.reject(new Error('Redis down')),
      reset: () => Promise.resolve(),
    };
    const throttle = new OrderThrottle({
      clock,
      shared: { counters: broken, key: 'k', onError: (error) => errors.push(error) },
    });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 11 }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    );
    expect(sentAt.filter((at) => at < 1000)).toHaveLength(10);
    expect(errors).toHaveLength(11);
  });
});
