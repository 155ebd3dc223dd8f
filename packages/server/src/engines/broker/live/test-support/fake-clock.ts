import type { ThrottleClock } from '../order-throttle';

/** A clock whose sleeps take no real time: a sleep moves `t` on and is remembered. */
export class FakeClock implements ThrottleClock {
  readonly sleeps: number[] = [];

  constructor(public t = Date.UTC(2026, 0, 12, 4, 30)) {}

  now(): number {
    return this.t;
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += ms;
  }
}
