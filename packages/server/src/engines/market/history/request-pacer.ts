/** Requests allowed in a sliding window of `ms`. */
export interface RateWindow {
  limit: number;
  ms: number;
}

/**
 * Upstox's per-user limits for the standard APIs (history included): 50 a second, 500 a minute,
 * 2,000 in 30 minutes. The history fetch keeps under 40, 400 and 1,600 so the live feed's and the
 * screens' calls still fit beside it.
 */
export const UPSTOX_HISTORY_WINDOWS: readonly RateWindow[] = [
  { limit: 40, ms: 1_000 },
  { limit: 400, ms: 60_000 },
  { limit: 1_600, ms: 30 * 60_000 },
];

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Waits before each request until every window has room, so no limit is ever reached by us. */
export class RequestPacer {
  private readonly sent: number[] = [];

  constructor(
    private readonly clock: PacerClock,
    private readonly windows: readonly RateWindow[] = UPSTOX_HISTORY_WINDOWS,
  ) {}

  /** Resolves when one more request may be sent, and counts it. */
  async next(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const longest = Math.max(...this.windows.map((w) => w.ms));
      while (this.sent.length > 0 && this.sent[0]! <= now - longest) this.sent.shift();
      const wait = Math.max(0, ...this.windows.map((window) => this.waitFor(window, now)));
      if (wait === 0) {
        this.sent.push(now);
        return;
      }
      await this.clock.sleep(wait);
    }
  }

  private waitFor(window: RateWindow, now: number): number {
    const inWindow = this.sent.filter((at) => at > now - window.ms);
    if (inWindow.length < window.limit) return 0;
    // The oldest request that must leave the window before one more fits.
    return inWindow[inWindow.length - window.limit]! + window.ms - now;
  }
}
