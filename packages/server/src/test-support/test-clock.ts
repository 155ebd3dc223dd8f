/** A clock tests move by hand: pass `clock.now` to buildTestApp({ now }). */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
  set(epochMs: number): void;
}

export function createTestClock(start = Date.UTC(2026, 0, 5, 4, 0, 0)): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (epochMs) => {
      current = epochMs;
    },
  };
}
