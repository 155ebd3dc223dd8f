import type { BacktestRunner } from '../backtest-protocol';
import { gated, lab, request, runner } from './test-support/sweep-lab';

describe('BacktestSweepService failing a sweep', () => {
  it('fails the sweep when a backtest throws mid-sweep, keeping no table and freeing the worker', async () => {
    let runs = 0;
    const breaking: BacktestRunner = {
      run: async (job, onProgress, signal) => {
        runs++;
        if (runs === 3) throw new Error('the worker ran out of memory');
        return runner.run(job, onProgress, signal);
      },
      stop: async () => {},
    };
    const { sweeps, backtests } = lab(breaking);
    const { id } = sweeps.start(request());
    await sweeps.idle();
    expect(sweeps.get(id)).toMatchObject({
      status: 'failed',
      error: 'the worker ran out of memory',
      result: null,
    });
    const run = backtests.start({ ...request(), symbols: [] });
    await backtests.idle();
    expect(backtests.get(run.id).status).toBe('complete');
  });

  it('fails a sweep left by a server that died after this one started, once ten minutes pass unmoved', async () => {
    const { sweeps, repository, clock } = lab();
    repository.insert({ id: 'left', createdAt: 5_000, settings: request(), totalBars: 80, owner: 'api-2' });
    repository.progress('left', 20, 6_000);
    sweeps.recover();
    clock.now = 6_000 + 9 * 60_000;
    expect(sweeps.get('left').status).toBe('running');
    await expect(sweeps.cancel('left')).rejects.toThrow('This sweep is running on another server');
    clock.now = 6_000 + 11 * 60_000;
    expect(sweeps.list().map((sweep) => [sweep.id, sweep.status])).toEqual([['left', 'failed']]);
    expect(sweeps.get('left')).toMatchObject({
      status: 'failed',
      error: 'The server running this sweep stopped during it: start it again.',
    });
  });

  it('never fails the sweep it is moving itself, however long a stretch goes without progress', async () => {
    const { waiting, release } = gated();
    const { sweeps, clock } = lab(waiting);
    const { id } = sweeps.start(request());
    clock.now += 60 * 60_000;
    expect(sweeps.get(id).status).toBe('running');
    release();
    await sweeps.idle();
    expect(sweeps.get(id).status).toBe('complete');
  });
});
