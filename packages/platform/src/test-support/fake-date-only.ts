/** Everything jest can fake except Date: timers, animation frames and microtasks stay real. */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** The clock stands still at `now` while timers run for real, so ages ("3 min ago") are exact on any day. */
export function fakeDateOnly(now: number): void {
  jest.useFakeTimers({ now, doNotFake: [...REAL_TIMERS] });
}
