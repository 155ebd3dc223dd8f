import { sweepResultSchema } from '@td/contracts';
import { selectBacktestSessions } from '../backtest-sessions';
import { settingsOf } from '../backtest-view';
import { runBacktest } from '../run-backtest';
import { memoryLedger } from '../test-support/memory-ledger';
import { history, lab, request, source } from './test-support/sweep-lab';

describe('BacktestSweepService’s walk-forward table', () => {
  it('fits on the first sessions by date and reports on the held-out rest, each part as its own backtest', async () => {
    const { sweeps } = lab();
    const { id } = sweeps.start(request());
    await sweeps.idle();
    const sweep = sweeps.get(id);
    expect(sweep.status).toBe('complete');
    expect(sweep.progress).toMatchObject({ combinations_done: 4, combinations: 4, percent: 100 });
    const result = sweepResultSchema.parse(sweep.result);
    expect(result.in_sample).toEqual({ from: '2026-01-27', to: '2026-01-28', sessions: 2 });
    expect(result.out_of_sample).toEqual({ from: '2026-01-29', to: '2026-01-30', sessions: 2 });
    expect(result.combinations).toHaveLength(4);

    for (const row of result.combinations) {
      const settings = settingsOf({ ...request(), ...row.parameters });
      const alone = async (from: string, to: string) => {
        const outcome = await runBacktest({
          sessions: selectBacktestSessions(history, { from, to, symbols: [] }),
          settings,
          source,
          openLedger: memoryLedger,
        });
        if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
        return outcome.result;
      };
      const inSample = await alone('2026-01-27', '2026-01-28');
      const outOfSample = await alone('2026-01-29', '2026-01-30');
      expect(row.in_sample).toEqual({
        net_pnl: inSample.netPnlPaise / 100,
        charges: inSample.chargesPaise / 100,
        orders: inSample.orders.length,
      });
      expect(row.out_of_sample).toMatchObject({
        net_pnl: outOfSample.netPnlPaise / 100,
        charges: outOfSample.chargesPaise / 100,
        orders: outOfSample.orders.length,
      });
      // Each held-out session's P&L adds up to the part's net P&L, charges paid.
      const summed = row.out_of_sample.session_pnl.reduce((sum, pnl) => sum + pnl, 0);
      expect(summed).toBeCloseTo(row.out_of_sample.net_pnl, 2);
      expect(row.out_of_sample.charges).toBeGreaterThan(0);
    }
    // The table leads with the held-out figures, best first.
    const outOfSample = result.combinations.map((row) => row.out_of_sample.net_pnl);
    expect(outOfSample).toEqual([...outOfSample].sort((a, b) => b - a));
    // Fitting chooses the best in-sample combination: exactly one.
    const fitted = result.combinations.filter((row) => row.fitted);
    expect(fitted).toHaveLength(1);
    const bestInSample = Math.max(...result.combinations.map((row) => row.in_sample.net_pnl));
    expect(fitted[0]?.in_sample.net_pnl).toBe(bestInSample);
    // Confidence 0.6 lets SBIN's 0.65 signals trade, 0.7 does not: the combinations differ.
    const byConfidence = (c: number) =>
      result.combinations.find(
        (r) => r.parameters.min_confidence === c && r.parameters.max_hold_minutes === 8,
      );
    expect(byConfidence(0.6)?.in_sample.orders).toBeGreaterThan(byConfidence(0.7)?.in_sample.orders ?? 0);
  });
});
