import { UpstoxRateLimitError } from '../../market/providers/upstox';
import { OrderThrottle } from './order-throttle';
import { FakeClock } from './test-support/fake-clock';

/** The most calls any rolling `spanMs` (starting at a call) holds. */
function busiestSpan(sentAt: number[], spanMs: number): number {
  return Math.max(...sentAt.map((from) => sentAt.filter((at) => at >= from && at < from + spanMs).length));
}

describe('OrderThrottle windows', () => {
  let clock: FakeClock;
  let start: number;

  beforeEach(() => {
    clock = new FakeClock();
    start = clock.t;
  });

  it('sends a burst of 100 orders ten a second at most, every one of them, in the order they came', async () => {
    const throttle = new OrderThrottle({ clock });
    const sent: { n: number; at: number }[] = [];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        throttle.run(async () => {
          sent.push({ n, at: clock.now() - start });
          return n;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(sent.map((s) => s.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(
      busiestSpan(
        sent.map((s) => s.at),
        1000,
      ),
    ).toBe(10);
    expect(sent.at(-1)!.at).toBe(9000); // ten seconds' worth: t = 0 … 9000
  });

  it('holds the 501st order of a minute until the minute has room', async () => {
    const throttle = new OrderThrottle({ clock });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 501 }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    );
    expect(busiestSpan(sentAt, 60_000)).toBe(500);
    expect(sentAt[499]).toBe(49_000);
    expect(sentAt[500]).toBe(60_000); // the first order of the minute left it at 60 s
  });

  it('holds the 2,001st order of 30 minutes until the 30 minutes have room', async () => {
    const throttle = new OrderThrottle({ clock });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 2001 }, () => throttle.run(async () => sentAt.push(clock.now() - start))),
    );
    expect(busiestSpan(sentAt.slice(-600), 30 * 60_000)).toBeLessThanOrEqual(2000);
    expect(sentAt.filter((at) => at < 30 * 60_000)).toHaveLength(2000);
    expect(sentAt[2000]).toBe(30 * 60_000);
  });

  it('retries an order refused with 429 ahead of the orders queued behind it', async () => {
    const throttle = new OrderThrottle({ clock, perSecond: 2 });
    const sent: string[] = [];
    let refusedOnce = false;
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) =>
        throttle.run(async () => {
          if (name === 'b' && !refusedOnce) {
            refusedOnce = true;
            throw new UpstoxRateLimitError('Too Many Request Sent', 1000);
          }
          sent.push(name);
        }),
      ),
    );
    // a and b go at once; b's 429 pauses the queue; b goes again before c, d and e.
    expect(sent).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reports how much of each window is in use', async () => {
    const throttle = new OrderThrottle({ clock });
    await Promise.all(Array.from({ length: 12 }, () => throttle.run(async () => undefined)));
    expect(throttle.usage()).toEqual([
      { windowMs: 1000, limit: 10, sent: 2 },
      { windowMs: 60_000, limit: 500, sent: 12 },
      { windowMs: 1_800_000, limit: 2000, sent: 12 },
    ]);
    clock.t += 60_000;
    expect(throttle.usage().map((use) => use.sent)).toEqual([0, 0, 12]);
  });

  it('answers a retry with what the look-up before it found, sending nothing again', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    const result = await throttle.run(
      async () => {
        calls++;
        throw new UpstoxRateLimitError('Too Many Request Sent', 1000);
      },
      undefined,
      async () => 'found in the order book',
    );
    expect(result).toBe('found in the order book');
    expect(calls).toBe(1);
  });

  it('does not retry when the look-up fails, and the queue goes on', async () => {
    const throttle = new OrderThrottle({ clock });
    let calls = 0;
    const retried = throttle.run(
      async () => {
        calls++;
        throw new UpstoxRateLimitError('Too Many Request Sent', 1000);
      },
      undefined,
      async () => {
        throw new Error('order book unreadable');
      },
    );
    await expect(retried).rejects.toThrow('order book unreadable');
    expect(calls).toBe(1);
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
  });
});
