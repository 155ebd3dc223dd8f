import type { RateCounters } from '../../../core/ports/rate-counters';
import { UpstoxRateLimitError } from '../../market/providers/upstox';
import {
  type OrderRateUse,
  type OrderRateWindow,
  OrderSendLog,
  UPSTOX_ORDER_WINDOWS,
} from './order-rate-windows';

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
  /**
   * Every limit the calls keep to; default Upstox's for an unregistered algo (10/s, 500/min, 2,000/30 min).
   * `perSecond`, when given, replaces the one-second window's limit.
   */
  windows?: readonly OrderRateWindow[];
  /** Tries per call when Upstox answers 429, the first included. */
  maxTries?: number;
  clock?: ThrottleClock;
  /**
   * The counters every instance shares, and the key of this Upstox account's orders in them: the
   * limits then hold across instances (two instances send 10 in a second, not 20).
   */
  shared?: { counters: RateCounters; key: string; onError?: (error: unknown) => void };
}

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

interface Waiter {
  /** Arrival number: a retry keeps its own, so it goes before every call that arrived after it. */
  ticket: number;
  beforeSend?: () => void;
  /** Settles when the waiter may be served: the queue waits for it, keeping the order. */
  ready?: Promise<void>;
  /** True when it needs no slot after all (its retry found the order placed). */
  skip?: () => boolean;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Paces place/modify/cancel so a burst queues instead of being refused. Each window counts the calls
 * sent in the rolling span before now: no rolling second (minute, 30 minutes) ever holds more than its
 * limit, whichever way Upstox counts. Calls go out in arrival order, a retry after 429 included: it
 * goes before every call queued behind it, never after (calls already sent are in flight at Upstox).
 */
export class OrderThrottle {
  private readonly maxTries: number;
  private readonly clock: ThrottleClock;
  private readonly sharedCounters: OrderThrottleOptions['shared'];
  private readonly log: OrderSendLog;
  private readonly waiting: Waiter[] = [];
  private nextTicket = 0;
  private pumping = false;
  private pausedUntil = 0;

  constructor(options: OrderThrottleOptions = {}) {
    const windows = options.windows ?? UPSTOX_ORDER_WINDOWS;
    this.log = new OrderSendLog(
      options.perSecond === undefined
        ? windows
        : windows.map((w) => (w.ms === 1000 ? { ...w, limit: options.perSecond! } : w)),
    );
    this.maxTries = options.maxTries ?? 3;
    this.clock = options.clock ?? realClock;
    this.sharedCounters = options.shared;
  }

  /** Whether the limits hold across instances through the shared counters. */
  get shared(): boolean {
    return this.sharedCounters !== undefined;
  }

  /** The calls this instance sent in each window, against its limit (the shared counters hold the cluster's). */
  usage(): OrderRateUse[] {
    return this.log.usage(this.clock.now());
  }

  /**
   * Runs `call` when every window has room; on 429 waits Retry-After (or 1 s) and tries again, ahead
   * of the calls that arrived later. `beforeSend` is asked immediately before every attempt goes out
   * (after any wait or retry) and may throw to stop it: an order held here must still be allowed when
   * its turn comes. `beforeRetry` runs before a retry, holding its place at the head of the queue:
   * what it finds (an order Upstox took despite its 429) is the answer, and nothing is sent again.
   */
  async run<T>(
    call: () => Promise<T>,
    beforeSend?: () => void,
    beforeRetry?: () => Promise<T | undefined>,
  ): Promise<T> {
    const ticket = this.nextTicket++;
    let found: T | undefined;
    let lookup: Promise<void> | undefined;
    for (let attempt = 1; ; attempt++) {
      await this.turn({ ticket, beforeSend, ready: lookup, skip: () => found !== undefined });
      if (found !== undefined) return found;
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof UpstoxRateLimitError)) throw error;
        if (attempt >= this.maxTries) throw new OrderRateLimitError(attempt);
        // Upstox says we are over its count: hold every queued call, not just this one.
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + error.retryAfterMs);
        lookup = beforeRetry?.().then((result) => {
          found = result;
        });
      }
    }
  }

  /** Waits for this ticket's turn and a free slot in every window. A throwing `beforeSend` takes none. */
  private turn(entry: Omit<Waiter, 'resolve' | 'reject'>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const at = this.waiting.findIndex((waiter) => waiter.ticket > entry.ticket);
      const waiter = { ...entry, resolve, reject };
      if (at < 0) this.waiting.push(waiter);
      else this.waiting.splice(at, 0, waiter);
      void this.pump();
    });
  }

  /** Serves the queue head by head; one pump at a time, so calls leave strictly in ticket order. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        const first = this.waiting[0]!;
        if (first.ready) {
          const ready = first.ready;
          first.ready = undefined;
          await ready.catch((error: unknown) => this.drop(first, error));
          continue;
        }
        if (first.skip?.()) {
          this.waiting.shift();
          first.resolve();
          continue;
        }
        const now = this.clock.now();
        const freeAt = Math.max(this.pausedUntil, this.log.freeAt(now));
        if (freeAt > now) {
          // The calls just let out start first: their send time is before this wait, not after it.
          await new Promise((resolve) => setImmediate(resolve));
          await this.clock.sleep(freeAt - now);
          continue;
        }
        const sharedWait = await this.sharedWait();
        if (sharedWait > 0) {
          await this.clock.sleep(sharedWait);
          continue;
        }
        // The head is read only now: a retry may have slipped in ahead while we slept.
        const head = this.waiting.shift()!;
        try {
          // Asked at its turn with no wait left before the send. A call stopped now leaves its local
          // slot to the next; a shared one stays spent (errs slow, never fast).
          head.beforeSend?.();
        } catch (error) {
          head.reject(error);
          continue;
        }
        this.log.record(this.clock.now());
        head.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }

  /** A waiter whose retry lookup failed: it leaves the queue with that error, sending nothing. */
  private drop(waiter: Waiter, error: unknown): void {
    const at = this.waiting.indexOf(waiter);
    if (at >= 0) this.waiting.splice(at, 1);
    waiter.reject(error);
  }

  /** Takes a shared slot in every window: 0 when taken, else how long until one frees up. */
  private async sharedWait(): Promise<number> {
    if (!this.sharedCounters) return 0;
    const { counters, key } = this.sharedCounters;
    try {
      for (const window of this.log.windows) {
        // The one-second window keeps the key it always had, so instances of either version count together.
        const windowKey = window.ms === 1000 ? key : `${key}:${window.ms}`;
        const verdict = await counters.hit(windowKey, window.ms, window.limit);
        if (!verdict.allowed) return Math.max(1, verdict.retryAfterMs);
      }
      return 0;
    } catch (error) {
      // Counters unreachable: this instance's own windows still hold it to the limits; orders go on.
      this.sharedCounters.onError?.(error);
      return 0;
    }
  }
}
