/** 09:30 IST on Monday 5 January 2026, a normal NSE trading day: where test clocks start unless a test says otherwise. */
export const TEST_EPOCH = Date.UTC(2026, 0, 5, 4, 0, 0);

/** A clock tests move by hand: pass `clock.now` to buildTestApp({ now }). */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
  set(epochMs: number): void;
}

export function createTestClock(start = TEST_EPOCH): TestClock {
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

/**
 * A clock that starts at a fixed instant and then runs with real elapsed time, for code that waits
 * on real timers: the date it reports never depends on the day the tests run.
 */
export function createRunningClock(start = TEST_EPOCH): () => number {
  const began = performance.now();
  return () => start + Math.floor(performance.now() - began);
}
