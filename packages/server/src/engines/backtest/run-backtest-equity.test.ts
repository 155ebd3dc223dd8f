import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';
import { at, DAY1, DAY2, sessions, settings, source } from './test-support/run-backtest-fixture';

describe('runBacktest’s equity curve and buy-and-hold NIFTY 50, over crafted bars, 3 symbols, 2 sessions', () => {
  it('draws equity from the capital before the first bar, every minute, beside the capital held in the NIFTY 50', async () => {
    const outcome = await runBacktest({ sessions, settings, source, openLedger: memoryLedger });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const { equity, buyAndHold, equityStrideMinutes } = outcome.result;
    expect(equityStrideMinutes).toBe(1);
    // The start and 10 minutes of each session.
    expect(equity).toHaveLength(21);
    expect(equity[0]).toEqual({
      at: at(DAY1, '09:15'),
      equityPaise: 10_00_000_00,
      nifty50Paise: 10_00_000_00,
      drawdownPercent: 0,
    });
    // 09:15 on day 1: INFY bought 25 paise over the 1,000.00 close, 11 shares, and 2,433 of charges.
    expect(equity[1]).toMatchObject({ at: at(DAY1, '09:16'), equityPaise: 10_00_000_00 - 275 - 2_433 });
    expect(equity[3]).toMatchObject({ at: at(DAY1, '09:18'), equityPaise: 10_00_000_00 + 27_883 });
    expect(equity.at(-1)).toMatchObject({ at: at(DAY2, '09:25'), equityPaise: 10_00_000_00 - 6_615 });
    expect(equity.at(-1)!.drawdownPercent).toBeCloseTo((34_498 / 10_00_278_83) * 100, 2);
    // NIFTY 50 from 26,000 at the first open (every stock at its base) to the last close:
    // 26,000 × (2 × 1,030.50/1,000 + 2,000/2,000 + 489/500) / 4 = 26,000 × 1.00975 = 26,253.50.
    expect(buyAndHold).toEqual({
      startLevel: 26_000,
      endLevel: expect.closeTo(26_253.5, 6),
      finalValuePaise: 10_09_750_00,
    });
    expect(equity.at(-1)!.nifty50Paise).toBe(10_09_750_00);
    // Day 1 09:17: INFY at 1,030.50, the others at base: 26,000 × (2.061 + 2) / 4 = 26,396.50.
    expect(equity[3]!.nifty50Paise).toBe(10_15_250_00);
  });
});
