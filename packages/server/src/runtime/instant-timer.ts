/** The clock and timers a timed decision reads; tests pass manual ones (test-support/manual-timers). */
export interface InstantTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's setTimeout overflows past 2^31-1 ms (about 24.8 days) and would fire at once. */
const LONGEST_WAIT_MS = 2_147_483_647;

export const realTimers: InstantTimers = {
  now: Date.now,
  // unref: a pending session end must not keep a stopping process alive.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Runs a callback at one instant on the injected clock, at most one pending at a time: arming it
 * again replaces the previous instant. A far instant is reached in steps, so it never fires early.
 */
export class InstantTimer {
  private handle: unknown = null;

  constructor(private readonly timers: InstantTimers) {}

  at(instant: number, callback: () => void): void {
    this.cancel();
    const wait = instant - this.timers.now();
    if (wait <= 0) {
      callback();
      return;
    }
    this.handle = this.timers.setTimeout(
      () => {
        this.handle = null;
        this.at(instant, callback);
      },
      Math.min(wait, LONGEST_WAIT_MS),
    );
  }

  cancel(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }
}
