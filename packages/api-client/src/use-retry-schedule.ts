import { useCallback, useEffect, useRef } from 'react';
import { POLL_INTERVALS } from './polling';

export interface RetrySchedule {
  /** Automatic retries after the first failure, each after baseDelayMs doubling. */
  retries: number;
  baseDelayMs: number;
  /** Once the retries are spent: one attempt every reconnectMs while still failing. */
  reconnectMs: number;
}

/** spec part 1 §4 "Research loading" and §9: 3 retries from 2 s doubling, then every 30 s. */
export const RESEARCH_RETRY: RetrySchedule = {
  retries: 3,
  baseDelayMs: 2000,
  reconnectMs: POLL_INTERVALS.researchReconnect,
};

/**
 * After `failures` failed attempts in a row (1 = the first load failed): how long until the next
 * attempt, and whether this failure is the one that spent the retries.
 */
export function nextAttempt(
  failures: number,
  schedule: RetrySchedule,
): { delayMs: number; exhausted: boolean } {
  if (failures <= schedule.retries)
    return { delayMs: schedule.baseDelayMs * 2 ** (failures - 1), exhausted: false };
  return { delayMs: schedule.reconnectMs, exhausted: failures === schedule.retries + 1 };
}

export interface RetryableQuery {
  isError: boolean;
  /** TanStack's count of failed fetches: each new failure is handled once. */
  errorUpdateCount: number;
  refetch: () => unknown;
}

/**
 * Retries a failed query on a schedule: `retries` times from `baseDelayMs` doubling, then calls
 * `onExhausted` once (the screen opens diagnostics) and keeps trying every `reconnectMs`. A success
 * resets the count; `retryNow` (the manual Retry) resets it and tries at once.
 */
export function useRetrySchedule(
  query: RetryableQuery,
  onExhausted: () => void,
  schedule: RetrySchedule = RESEARCH_RETRY,
): { retryNow: () => void } {
  const failures = useRef(0);
  const handled = useRef(query.errorUpdateCount);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ refetch: query.refetch, onExhausted, schedule });
  latest.current = { refetch: query.refetch, onExhausted, schedule };

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (!query.isError) {
      failures.current = 0;
      cancel();
      return;
    }
    // Counted once per failed fetch, however often React runs this effect.
    if (handled.current === query.errorUpdateCount && timer.current !== null) return;
    handled.current = query.errorUpdateCount;
    failures.current += 1;
    const { delayMs, exhausted } = nextAttempt(failures.current, latest.current.schedule);
    if (exhausted) latest.current.onExhausted();
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      void latest.current.refetch();
    }, delayMs);
  }, [query.isError, query.errorUpdateCount, cancel]);

  useEffect(() => cancel, [cancel]);

  const retryNow = useCallback(() => {
    cancel();
    failures.current = 0;
    void latest.current.refetch();
  }, [cancel]);

  return { retryNow };
}
