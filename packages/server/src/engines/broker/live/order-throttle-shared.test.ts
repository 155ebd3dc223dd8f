import { MemoryRateCounters } from '../../../storage/memory/memory-rate-counters';
import { openRedisCluster } from '../../../storage/redis/redis-cluster';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../../../test-support/test-redis';
import { OrderThrottle } from './order-throttle';
import { FakeClock } from './test-support/fake-clock';

/** Two instances' throttles on one counter store, each given `perInstance` orders at once. */
async function sendAtOnce(throttles: OrderThrottle[], clock: FakeClock, perInstance: number) {
  const start = clock.t;
  const sentAt: number[] = [];
  await Promise.all(
    throttles.flatMap((throttle) =>
      Array.from({ length: perInstance }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    ),
  );
  return sentAt;
}

describe('OrderThrottle shared across instances', () => {
  it('lets ten orders out in the first second across two instances, not twenty', async () => {
    const clock = new FakeClock();
    const counters = new MemoryRateCounters(() => clock.now());
    const shared = { counters, key: 'upstox-orders:acct' };
    const throttles = [new OrderThrottle({ clock, shared }), new OrderThrottle({ clock, shared })];
    const sentAt = await sendAtOnce(throttles, clock, 10);
    expect(sentAt).toHaveLength(20);
    expect(sentAt.filter((at) => at < 1000)).toHaveLength(10);
  });

  it('holds the limit through one Redis shared by two instances', async () => {
    const prefix = uniqueRedisPrefix('throttle');
    const clock = new FakeClock();
    const instances = [0, 1].map(() =>
      openRedisCluster({ url: testRedisUrl(), prefix, now: () => clock.now() }),
    );
    try {
      const throttles = instances.map(
        (instance) =>
          new OrderThrottle({ clock, shared: { counters: instance.counters, key: 'upstox-orders' } }),
      );
      const sentAt = await sendAtOnce(throttles, clock, 10);
      expect(sentAt).toHaveLength(20);
      expect(sentAt.filter((at) => at < 1000)).toHaveLength(10);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await dropRedisPrefix(prefix);
    }
  });

  it('goes on with its own limit when the shared counters cannot be reached', async () => {
    const clock = new FakeClock();
    const errors: unknown[] = [];
    const broken = {
      hit: () => Promise.reject(new Error('Redis down')),
      reset: () => Promise.resolve(),
    };
    const throttle = new OrderThrottle({
      clock,
      shared: { counters: broken, key: 'k', onError: (error) => errors.push(error) },
    });
    const sentAt = await sendAtOnce([throttle], clock, 11);
    expect(sentAt.filter((at) => at < 1000)).toHaveLength(10);
    expect(errors).toHaveLength(11);
  });
});
