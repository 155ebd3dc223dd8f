import type { RateCounters } from '../../../core/ports/rate-counters';
import { UpstoxRateLimitError } from '../../market/providers/upstox';

/** Time as the throttle sees it; tests pass a fake so waits take no real time. */
export interface ThrottleClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: ThrottleClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface OrderThrottleOptions {
  /** Order calls allowed in any one second; architecture: 10/s without algo registration. */
  perSecond?: number;
  /** Tries per call when Upstox answers 429, the first included. */
  maxTries?: number;
  clock?: ThrottleClock;
  /**
   * The counters every instance shares, and the key of this Upstox account's orders in them: the
   * limit then holds across instances (two instances send 10 in a second, not 20).
   */
  shared?: { counters: RateCounters; key: string; onError?: (error: unknown) => void };
}

const WINDOW_MS = 1000;

/** Upstox still answered 429 after every retry: the order was not placed. */
export class OrderRateLimitError extends Error {
  constructor(readonly tries: number) {
    super(
      `Upstox refused the order request with HTTP 429 (too many orders) ${tries} times in a row; ` +
        'it was not sent. Wait a few seconds and try again.',
    );
    this.name = 'OrderRateLimitError';
  }
}

/**
 * Paces place/modify/cancel so a burst queues instead of being refused. A bucket of `perSecond`
 * tokens where each spent token comes back one second later: no rolling second ever holds more than
 * `perSecond` calls, whichever way Upstox counts its window. Calls go out in arrival order.
 */
export class OrderThrottle {
  private readonly perSecond: number;
  private readonly maxTries: number;
  private readonly clock: ThrottleClock;
  private readonly shared: OrderThrottleOptions['shared'];
  /** When each of the last `perSecond` calls went out, oldest first. */
  private readonly sent: number[] = [];
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: OrderThrottleOptions = {}) {
    this.perSecond = options.perSecond ?? 10;
    this.maxTries = options.maxTries ?? 3;
    this.clock = options.clock ?? realClock;
    this.shared = options.shared;
    if (!Number.isInteger(this.perSecond) || this.perSecond < 1) {
      throw new Error('The order throttle needs a whole number of orders per second, at least 1.');
    }
  }

  /**
   * Runs `call` when a token is free; on 429 waits Retry-After (or 1 s) and tries again.
   * `beforeSend` is asked immediately before every attempt goes out (after any wait or retry) and
   * may throw to stop it: an order held here must still be allowed when its turn comes.
   */
  async run<T>(call: () => Promise<T>, beforeSend?: () => void): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await this.acquire(beforeSend);
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof UpstoxRateLimitError)) throw error;
        if (attempt >= this.maxTries) throw new OrderRateLimitError(attempt);
        // Upstox says we are over its count: hold every queued call, not just this one.
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + error.retryAfterMs);
      }
    }
  }

  /** Waits for a token; callers are served one at a time, in order. A throwing `beforeSend` takes none. */
  acquire(beforeSend?: () => void): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken(beforeSend));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async waitForToken(beforeSend?: () => void): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.sent.length > 0 && this.sent[0]! + WINDOW_MS <= now) this.sent.shift();
      const freeAt = Math.max(
        this.pausedUntil,
        this.sent.length < this.perSecond ? now : this.sent[0]! + WINDOW_MS,
      );
      if (freeAt <= now) {
        const sharedWait = await this.sharedWait();
        if (sharedWait > 0) {
          await this.clock.sleep(sharedWait);
          continue;
        }
        // Asked at its turn, before the local token is taken and with no wait left before the send. A
        // call stopped now leaves its local token to the next; a shared one stays spent (errs slow, never fast).
        beforeSend?.();
        this.sent.push(now);
        return;
      }
      await this.clock.sleep(freeAt - now);
    }
  }

  /** Takes a shared token: 0 when taken, else how long until one frees up. */
  private async sharedWait(): Promise<number> {
    if (!this.shared) return 0;
    try {
      const verdict = await this.shared.counters.hit(this.shared.key, WINDOW_MS, this.perSecond);
      return verdict.allowed ? 0 : verdict.retryAfterMs;
    } catch (error) {
      // Counters unreachable: this instance's own bucket still holds it to perSecond; orders go on.
      this.shared.onError?.(error);
      return 0;
    }
  }
}
