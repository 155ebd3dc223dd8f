import { createTestClock, type TestClock } from './test-clock';

/**
 * A test clock with timers on it: `advance` moves time on in steps, running each timer when its
 * instant comes, in order, so code that plans its next wake from `now()` sees the times it would.
 */
export interface ManualTimers extends TestClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  pending(): number;
}

export function createManualTimers(start?: number): ManualTimers {
  const clock = createTestClock(start);
  const due = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const runUntil = (target: number) => {
    for (;;) {
      const [id, timer] = [...due.entries()].sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0] ?? [];
      if (id === undefined || !timer || timer.at > target) break;
      due.delete(id);
      clock.set(Math.max(clock.now(), timer.at));
      timer.callback();
    }
    clock.set(target);
  };
  return {
    now: clock.now,
    set: (epochMs) => runUntil(epochMs),
    advance: (ms) => runUntil(clock.now() + ms),
    setTimeout: (callback, ms) => {
      const id = next++;
      due.set(id, { at: clock.now() + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      due.delete(handle as number);
    },
    pending: () => due.size,
  };
}
