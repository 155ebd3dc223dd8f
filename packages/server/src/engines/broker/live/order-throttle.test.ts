import { UpstoxApiError, UpstoxRateLimitError } from '../../market/providers/upstox';
import { OrderRateLimitError, OrderThrottle } from './order-throttle';
import { FakeClock } from './test-support/fake-clock';

const tooMany = (retryAfterMs: number) =>
  new UpstoxRateLimitError('Upstox rate limit reached.', retryAfterMs);

describe('OrderThrottle', () => {
  let clock: FakeClock;
  let start: number;

  beforeEach(() => {
    clock = new FakeClock();
    start = clock.t;
  });

  it('lets ten orders out at once and queues the eleventh until the first second has passed', async () => {
    const throttle = new OrderThrottle({ clock });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 11 }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    );
    expect(sentAt.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(sentAt[10]).toBeGreaterThanOrEqual(1000);
  });

  it('sends queued orders in the order they arrived', async () => {
    const throttle = new OrderThrottle({ clock, perSecond: 2 });
    const sent: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((n) => throttle.run(async () => sent.push(n))));
    expect(sent).toEqual([1, 2, 3, 4, 5]);
    expect(clock.t - start).toBe(2000); // five at two a second: t = 0, 0, 1000, 1000, 2000
  });

  it('takes its rate from the options', async () => {
    const throttle = new OrderThrottle({ clock, perSecond: 3 });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    );
    expect(sentAt).toEqual([0, 0, 0, 1000]);
  });

  it('waits Retry-After on a 429 and tries the same call again', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    const result = await throttle.run(async () => {
      calls++;
      if (calls === 1) throw tooMany(2500);
      return 'placed';
    });
    expect(result).toBe('placed');
    expect(calls).toBe(2);
    expect(clock.t - start).toBe(2500);
  });

  it('gives up after three 429s with a clear error', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    const attempt = throttle.run(async () => {
      calls++;
      throw tooMany(1000);
    });
    await expect(attempt).rejects.toThrow(OrderRateLimitError);
    await expect(attempt).rejects.toThrow(/HTTP 429 .* 3 times in a row; it was not sent/);
    expect(calls).toBe(3);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('does not retry any other refusal, and a failed call does not stall the queue', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    const refused = throttle.run(async () => {
      calls++;
      throw new UpstoxApiError('Upstox error: Invalid quantity.', 400, 'UDAPI1004');
    });
    await expect(refused).rejects.toThrow('Invalid quantity');
    expect(calls).toBe(1);
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
  });

  it('asks beforeSend after the wait: a call stopped while queued is never made', async () => {
    const throttle = new OrderThrottle({ clock, perSecond: 1 });
    let stopped = false;
    const sent: string[] = [];
    const guard = () => {
      if (stopped) throw new Error('halted');
    };
    const first = throttle.run(async () => {
      sent.push('first');
      stopped = true; // the halt lands while the second call waits for its token
    }, guard);
    const queued = throttle.run(async () => sent.push('queued'), guard);
    await first;
    await expect(queued).rejects.toThrow('halted');
    expect(sent).toEqual(['first']);
    // A stopped call does not stall the queue behind it.
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
  });

  it('asks beforeSend again before retrying after a 429', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    let stopped = false;
    const attempt = throttle.run(
      async () => {
        calls++;
        stopped = true; // the halt lands while Upstox answers 429
        throw tooMany(1000);
      },
      () => {
        if (stopped) throw new Error('halted');
      },
    );
    await expect(attempt).rejects.toThrow('halted');
    expect(calls).toBe(1);
  });

  it('refuses a rate that is not a whole number above zero', () => {
    expect(() => new OrderThrottle({ perSecond: 0 })).toThrow(/at least 1/);
  });
});
