import { act, renderHook } from '@testing-library/react';
import { nextAttempt, RESEARCH_RETRY, type RetryableQuery, useRetrySchedule } from './use-retry-schedule';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const refetch = jest.fn();
  const onExhausted = jest.fn();
  let state: RetryableQuery = { isError: false, errorUpdateCount: 0, refetch };
  const view = renderHook((query: RetryableQuery) => useRetrySchedule(query, onExhausted), {
    initialProps: state,
  });
  const fail = () => {
    state = { ...state, isError: true, errorUpdateCount: state.errorUpdateCount + 1 };
    view.rerender(state);
  };
  const succeed = () => {
    state = { ...state, isError: false };
    view.rerender(state);
  };
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return {
    refetch,
    onExhausted,
    fail,
    succeed,
    advance,
    retryNow: () => act(() => view.result.current.retryNow()),
  };
}

describe('the research retry schedule', () => {
  it('waits 2 s, 4 s and 8 s, then every 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => nextAttempt(n, RESEARCH_RETRY))).toEqual([
      { delayMs: 2000, exhausted: false },
      { delayMs: 4000, exhausted: false },
      { delayMs: 8000, exhausted: false },
      { delayMs: 30_000, exhausted: true },
      { delayMs: 30_000, exhausted: false },
      { delayMs: 30_000, exhausted: false },
    ]);
  });

  it('retries 3 times doubling from 2 s, then opens diagnostics once and retries every 30 s', () => {
    const { refetch, onExhausted, fail, advance } = setup();
    fail();
    advance(1999);
    expect(refetch).not.toHaveBeenCalled();
    advance(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    fail();
    advance(3999);
    expect(refetch).toHaveBeenCalledTimes(1);
    advance(1);
    expect(refetch).toHaveBeenCalledTimes(2);
    fail();
    advance(8000);
    expect(refetch).toHaveBeenCalledTimes(3);
    expect(onExhausted).not.toHaveBeenCalled();
    fail();
    expect(onExhausted).toHaveBeenCalledTimes(1);
    advance(29_999);
    expect(refetch).toHaveBeenCalledTimes(3);
    advance(1);
    expect(refetch).toHaveBeenCalledTimes(4);
    fail();
    advance(30_000);
    expect(refetch).toHaveBeenCalledTimes(5);
    expect(onExhausted).toHaveBeenCalledTimes(1);
  });

  it('stops retrying once a load succeeds, and starts over from 2 s after the next failure', () => {
    const { refetch, onExhausted, fail, succeed, advance } = setup();
    fail();
    advance(2000);
    fail();
    succeed();
    advance(60_000);
    expect(refetch).toHaveBeenCalledTimes(1);
    fail();
    advance(2000);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('manual Retry tries at once and resets the count, so diagnostics wait for 3 more retries', () => {
    const { refetch, onExhausted, fail, advance, retryNow } = setup();
    fail();
    advance(2000);
    fail();
    advance(4000);
    fail();
    retryNow();
    expect(refetch).toHaveBeenCalledTimes(3);
    // The 8 s retry that was pending is cancelled.
    advance(8000);
    expect(refetch).toHaveBeenCalledTimes(3);
    fail();
    advance(2000);
    expect(refetch).toHaveBeenCalledTimes(4);
    fail();
    advance(4000);
    fail();
    advance(8000);
    expect(onExhausted).not.toHaveBeenCalled();
    fail();
    expect(onExhausted).toHaveBeenCalledTimes(1);
  });
});
