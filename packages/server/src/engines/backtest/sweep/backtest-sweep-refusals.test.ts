import { DATES, gated, lab, request, runner } from './test-support/sweep-lab';

describe('BacktestSweepService’s refusals', () => {
  it('refuses a range of one session with a sentence, storing nothing', () => {
    const { sweeps } = lab();
    expect(() => sweeps.start(request({ from: DATES[0], to: DATES[0] }))).toThrow(
      'The range holds 1 session: a walk-forward sweep needs at least 2, one to fit on and one held out, so widen the range.',
    );
    expect(sweeps.list()).toEqual([]);
  });

  it('refuses to cancel a sweep that has ended', async () => {
    const { sweeps } = lab();
    const { id } = sweeps.start(request());
    await sweeps.idle();
    await expect(sweeps.cancel(id)).rejects.toThrow(
      'This sweep is complete, not running: there is nothing to cancel.',
    );
  });

  it('refuses a sweep while a backtest runs, with a sentence, storing nothing', async () => {
    const { waiting, release } = gated();
    const { sweeps, backtests } = lab(runner, waiting);
    backtests.start({ ...request(), symbols: [] });
    expect(() => sweeps.start(request())).toThrow(
      expect.objectContaining({
        statusCode: 409,
        message: 'A backtest is already running: wait for it to finish or cancel it first.',
      }),
    );
    expect(sweeps.list()).toEqual([]);
    release();
    await backtests.idle();
  });
});
