/** One limit on order calls: at most `limit` in any rolling `ms` span. */
export interface OrderRateWindow {
  ms: number;
  limit: number;
}

/**
 * Upstox's limits for an unregistered ("regular") algo, counted over place, modify and cancel together:
 * 10 a second (SEBI's threshold above which an algo must be registered), 500 a minute, 2,000 in 30 minutes.
 */
export const UPSTOX_ORDER_WINDOWS: readonly OrderRateWindow[] = [
  { ms: 1000, limit: 10 },
  { ms: 60_000, limit: 500 },
  { ms: 30 * 60_000, limit: 2000 },
];

/** How many calls went out in one window, against its limit. */
export interface OrderRateUse {
  windowMs: number;
  limit: number;
  sent: number;
}

/**
 * When each order call went out, oldest first, kept as long as the longest window: enough to say when
 * the next call may go and how much of each window is in use.
 */
export class OrderSendLog {
  private readonly sent: number[] = [];
  private readonly longestMs: number;

  constructor(readonly windows: readonly OrderRateWindow[]) {
    if (windows.length === 0) throw new Error('The order throttle needs at least one rate window.');
    for (const window of windows) {
      if (!Number.isInteger(window.limit) || window.limit < 1 || !(window.ms > 0)) {
        throw new Error(
          'The order throttle needs a whole number of orders per second, at least 1, in a window longer than 0 ms.',
        );
      }
    }
    this.longestMs = Math.max(...windows.map((w) => w.ms));
  }

  record(at: number): void {
    this.sent.push(at);
  }

  /** The earliest time a call may go out so that no window holds more than its limit. */
  freeAt(now: number): number {
    this.forget(now);
    let at = now;
    for (const window of this.windows) {
      // The limit-th newest call leaves this window `ms` after it went out.
      const blocking = this.sent[this.sent.length - window.limit];
      if (blocking !== undefined) at = Math.max(at, blocking + window.ms);
    }
    return at;
  }

  usage(now: number): OrderRateUse[] {
    this.forget(now);
    return this.windows.map((window) => ({
      windowMs: window.ms,
      limit: window.limit,
      sent: this.sent.filter((at) => at > now - window.ms).length,
    }));
  }

  private forget(now: number): void {
    while (this.sent.length > 0 && this.sent[0]! + this.longestMs <= now) this.sent.shift();
  }
}
