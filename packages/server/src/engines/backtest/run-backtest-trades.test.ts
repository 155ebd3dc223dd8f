import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';
import { at, DAY1, DAY2, sessions, settings, source } from './test-support/run-backtest-fixture';

describe('runBacktest’s closed trades and figures, over crafted bars, 3 symbols, 2 sessions', () => {
  it('pairs the fills into closed trades with their share of the charges, and the Performance screen’s figures', async () => {
    const outcome = await runBacktest({ sessions, settings, source, openLedger: memoryLedger });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const { result } = outcome;
    const trade = (symbol: string, entry: number, exit: number, minutes: number) => ({
      symbol,
      entryAt: entry + 59_999,
      exitAt: exit + 59_999,
      holdingMinutes: minutes,
    });
    expect(result.trades).toMatchObject([
      // 11 × (1,030.25 − 1,000.25) = 33,000 gross, less 2,433 + 2,684 of charges.
      {
        ...trade('INFY', at(DAY1, '09:15'), at(DAY1, '09:17'), 2),
        strategy: 'scripted',
        exitReason: 'exit:target',
        quantity: 11,
        entryPricePaise: 1_000_25,
        exitPricePaise: 1_030_25,
        grossPnlPaise: 33_000,
        chargesPaise: 5_117,
        netPnlPaise: 27_883,
      },
      // 21 × (488.85 − 500.15) = −23,730, less 2,430 + 2,654.
      {
        ...trade('SBIN', at(DAY1, '09:18'), at(DAY1, '09:20'), 2),
        exitReason: 'exit:stop_loss',
        grossPnlPaise: -23_730,
        chargesPaise: 5_084,
        netPnlPaise: -28_814,
      },
      // 6 × (1,999.55 − 2,000.45) = −540, less 2,440 + 2,704.
      {
        ...trade('TCS', at(DAY2, '09:15'), at(DAY2, '09:20'), 5),
        exitReason: 'exit:max_hold',
        grossPnlPaise: -540,
        chargesPaise: 5_144,
        netPnlPaise: -5_684,
      },
    ]);
    // The trades' net P&L adds up to the run's.
    expect(result.trades.reduce((sum, t) => sum + t.netPnlPaise, 0)).toBe(result.netPnlPaise);
    expect(result.metrics).toMatchObject({
      totalTrades: 3,
      winningTrades: 1,
      losingTrades: 2,
      winRate: expect.closeTo(33.3333, 4),
      avgWinPaise: 27_883,
      // (−28,814 − 5,684) / 2.
      avgLossPaise: -17_249,
      // 27,883 / 34,498.
      profitFactor: 27_883 / 34_498,
      expectancyPaise: -6_615 / 3,
      // Two days are no year: no annualised figure, as on the Performance screen.
      annualisedReturnPercent: null,
      // From 09:17 on day 1 (capital + 27,883, INFY sold at its target) to the end (capital − 6,615).
      maxDrawdownPaise: 34_498,
      maxDrawdownPercent: expect.closeTo((34_498 / 10_00_278_83) * 100, 9),
    });
    expect(result.monthly).toEqual([
      {
        month: '2026-01',
        pnlPaise: -6_615,
        returnPercent: expect.closeTo(-0.006615, 9),
        trades: 3,
        winRate: expect.closeTo(33.3333, 4),
        chargesPaise: 15_345,
      },
    ]);
  });

  it('computes Sharpe and Sortino at the risk-free rate it is given, RISK_FREE_RATE_PERCENT’s 6.5 % by default', async () => {
    const run = async (riskFreeRatePercent?: number) => {
      const outcome = await runBacktest({
        sessions,
        settings,
        source,
        openLedger: memoryLedger,
        ...(riskFreeRatePercent === undefined ? {} : { riskFreeRatePercent }),
      });
      if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
      return outcome.result.metrics;
    };
    const byDefault = await run();
    const atZero = await run(0);
    expect(byDefault.riskFreeRatePercent).toBe(6.5);
    expect(atZero.riskFreeRatePercent).toBe(0);
    // Returns of −0.00931 % and −0.05684 %: the same spread, a higher hurdle, a lower Sharpe.
    expect(byDefault.sharpeRatio!).toBeLessThan(atZero.sharpeRatio!);
  });
});
