import type { BacktestRunner } from '../backtest-protocol';
import { stopBacktestLab } from '../lab-stop';
import { lab, request, runner, stuckRunner } from './test-support/sweep-lab';

describe('BacktestSweepService cancelling a sweep', () => {
  it('leaves a cancelled sweep cancelled with no table, and frees the worker for a backtest', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first backtest waits until the test cancels; the sweep must then stop.
    const waiting: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        await gate;
        return runner.run(job, onProgress, signal);
      },
      stop: async () => {},
    };
    const { sweeps, backtests } = lab(waiting);
    const { id } = sweeps.start(request());
    expect(() => backtests.start({ ...request(), symbols: [] })).toThrow(
      'A parameter sweep is running: wait for it to finish or cancel it first.',
    );
    expect(() => sweeps.start(request())).toThrow('A parameter sweep is running');
    const cancelling = sweeps.cancel(id);
    release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe('cancelled');
    expect(sweeps.get(id).result).toBeNull();
    const run = backtests.start({ ...request(), symbols: [] });
    expect(() => sweeps.start(request())).toThrow(
      'A backtest is already running: wait for it to finish or cancel it first.',
    );
    await backtests.idle();
    expect(backtests.get(run.id).status).toBe('complete');
  });

  it('cancels the sweep under way when the server stops, keeping no table', async () => {
    let ended = false;
    // A runner whose thread ends only when stopped: the sweep must not wait for its backtest to finish.
    const stuck: BacktestRunner = {
      run: () =>
        new Promise((_, reject) => {
          const timer = setInterval(() => {
            if (ended) {
              clearInterval(timer);
              reject(new Error('The server is stopping: the backtest was cut short.'));
            }
          }, 5);
        }),
      stop: async () => {
        ended = true;
      },
    };
    const { sweeps } = lab(stuck);
    const { id } = sweeps.start(request());
    await sweeps.stop();
    expect(sweeps.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });
});

describe('stopBacktestLab', () => {
  it('keeps a backtest under way cancelled, not failed, when the lab stops with its sweeps', async () => {
    const shared = stuckRunner();
    const { sweeps, backtests } = lab(shared, shared);
    const { id } = backtests.start({ ...request(), symbols: [] });
    await new Promise((resolve) => setImmediate(resolve)); // the run has reached the thread
    await stopBacktestLab([backtests, sweeps], shared);
    expect(backtests.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });

  it('keeps a sweep under way cancelled when the lab stops', async () => {
    const shared = stuckRunner();
    const { sweeps, backtests } = lab(shared, shared);
    const { id } = sweeps.start(request());
    await new Promise((resolve) => setImmediate(resolve)); // the first backtest has reached the thread
    await stopBacktestLab([backtests, sweeps], shared);
    expect(sweeps.get(id)).toMatchObject({ status: 'cancelled', result: null });
  });
});
