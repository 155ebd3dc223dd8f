import {
  CrashHistory,
  type CrashPolicy,
  DEFAULT_CRASH_POLICY,
  describeExit,
  exitCodeOf,
} from './crash-policy';

const MINUTE = 60_000;
const waits = (history: CrashHistory, crashes: [at: number, uptimeMs: number][]) =>
  crashes.map(([at, uptime]) => {
    const decision = history.afterCrash(at, uptime);
    return 'giveUp' in decision ? 'give up' : decision.restartInMs;
  });

describe('CrashHistory', () => {
  it('waits 1 s after a first crash and doubles the wait for each quick crash after it, up to 30 s', () => {
    // A loose cap on crashes, so only the backoff is measured.
    const history = new CrashHistory({ ...DEFAULT_CRASH_POLICY, maxCrashes: 100 });
    const quick = Array.from({ length: 8 }, (_, i) => [i * 1000, 500] as [number, number]);
    expect(waits(history, quick)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 1 s after a server that ran a healthy minute', () => {
    const history = new CrashHistory();
    expect(
      waits(history, [
        [0, 500],
        [2000, 500],
        [10 * MINUTE, 5 * MINUTE],
      ]),
    ).toEqual([1000, 2000, 1000]);
  });

  it('gives up at the fifth crash within 2 minutes', () => {
    const history = new CrashHistory();
    expect(
      waits(
        history,
        [0, 1, 2, 3, 4].map((i) => [i * 10_000, 500]),
      ),
    ).toEqual([1000, 2000, 4000, 8000, 'give up']);
  });

  it('forgets crashes older than the window', () => {
    const policy: CrashPolicy = { ...DEFAULT_CRASH_POLICY, maxCrashes: 3 };
    const history = new CrashHistory(policy);
    // Three crashes, each 61 s apart: never three inside 2 minutes.
    const crashes = [0, 1, 2, 3, 4].map((i) => [i * 61_000, 500] as [number, number]);
    expect(waits(history, crashes).includes('give up')).toBe(false);
  });
});

describe('how an exit is described', () => {
  it('names the code or the signal, and maps a signal to 128 + its number', () => {
    expect(describeExit(1, null)).toBe('exit code 1');
    expect(describeExit(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
  });
});
