import type { SignalSource } from '../strategy';
import { sessionsOfBars } from './backtest-sessions';
import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';
import { bars, sessions, settings, source } from './test-support/run-backtest-fixture';

describe('runBacktest’s progress, cancellation and failures, over crafted bars', () => {
  it('tells its progress in bars after every minute, ending at the total', async () => {
    const seen: [number, number][] = [];
    await runBacktest({
      sessions,
      settings,
      source,
      openLedger: memoryLedger,
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(seen).toHaveLength(20);
    expect(seen[0]).toEqual([3, 60]);
    expect(seen.at(-1)).toEqual([60, 60]);
  });

  it('stops between minutes once cancelled, with no result, and leaves its ledger closed', async () => {
    const controller = new AbortController();
    let closed = false;
    const outcome = await runBacktest({
      sessions,
      settings,
      source,
      signal: controller.signal,
      openLedger: () => {
        const store = memoryLedger();
        const close = () => {
          closed = true;
          store.close();
        };
        return { storage: store.storage, close };
      },
      onProgress: (done) => {
        if (done === 15) controller.abort();
      },
    });
    expect(outcome).toEqual({ status: 'cancelled', barsDone: 15, totalBars: 60 });
    expect(closed).toBe(true);
  });

  it('fails, not completes, when the loop failed in most of its minutes, naming the error', async () => {
    const broken: SignalSource = {
      name: 'broken',
      rank: () => {
        throw new Error('the signal source is broken');
      },
    };
    await expect(
      runBacktest({ sessions, settings, source: broken, openLedger: memoryLedger }),
    ).rejects.toThrow(/The loop failed in 20 of 20 replayed minutes \(100\.0 %.*the signal source is broken/);
  });

  it('completes with the error listed when the loop failed in one minute in more than a hundred', async () => {
    let calls = 0;
    const once: SignalSource = {
      name: 'once',
      rank: (universe, now) => {
        calls += 1;
        if (calls === 1) throw new Error('one bad minute');
        return source.rank(universe, now);
      },
    };
    const long = sessionsOfBars(
      ['2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30', '2026-02-02', '2026-02-03'].map((date) => ({
        date,
        barsBySymbol: new Map([
          [
            'INFY',
            bars(
              'INFY',
              date,
              Array.from({ length: 30 }, () => 150_000),
            ),
          ],
        ]),
      })),
    );
    const outcome = await runBacktest({ sessions: long, settings, source: once, openLedger: memoryLedger });
    expect(outcome.status).toBe('complete');
    if (outcome.status === 'complete') expect(outcome.result.errors).toEqual(['one bad minute']);
  });

  it('refuses sessions without bars with a sentence', async () => {
    await expect(runBacktest({ sessions: [], openLedger: memoryLedger })).rejects.toThrow(
      'The backtest has no one-minute bars to replay: choose a range with data.',
    );
  });
});
