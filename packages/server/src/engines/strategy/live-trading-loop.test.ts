import { LiveTradingLoop } from './live-trading-loop';
import type { TradingLoop } from './trading-loop';

describe('LiveTradingLoop', () => {
  function fakeLoop() {
    const runs: number[] = [];
    const skipped: [number, string][] = [];
    const loop = {
      runOnce: (now: number) => runs.push(now),
      skipRun: (now: number, reason: string) => skipped.push([now, reason]),
      // The live loop's own scheduler says whether it runs and when next.
      state: (scheduler: object) => ({ ...scheduler, decisions: runs.length }),
    } as unknown as TradingLoop;
    return { loop, runs, skipped };
  }

  it('refreshes the venue before each run, and skips the run when the refresh fails', async () => {
    const { loop, runs, skipped } = fakeLoop();
    const order: string[] = [];
    let ok = true;
    const live = new LiveTradingLoop({
      loop,
      venue: {
        refresh: async () => {
          order.push('refresh');
          return ok;
        },
        lastError: () => 'Upstox answered 503',
      },
      now: () => 42,
    });
    await live.tick();
    ok = false;
    await live.tick();
    expect(order).toEqual(['refresh', 'refresh']);
    expect(runs).toEqual([42]);
    // The skipped run is recorded with its reason, so the status does not show the previous run as current.
    expect(skipped).toEqual([
      [42, expect.stringMatching(/could not read the Upstox account.*Upstox answered 503/)],
    ]);
  });

  it('reports running while started, and does not overlap runs', async () => {
    const { loop, runs } = fakeLoop();
    let release = () => {};
    const live = new LiveTradingLoop({
      loop,
      venue: {
        refresh: () => new Promise<boolean>((resolve) => (release = () => resolve(true))),
        lastError: () => null,
      },
    });
    expect(live.state()).toMatchObject({ running: false, nextRunAt: null });
    live.start();
    expect(live.state()).toMatchObject({ running: true, nextRunAt: expect.any(Number) });
    const first = live.tick();
    const second = live.tick();
    release();
    await Promise.all([first, second]);
    expect(runs).toHaveLength(1);
    live.stop();
    expect(live.isRunning()).toBe(false);
  });
});
