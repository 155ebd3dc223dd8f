import { MarketContext } from './market-context';

describe('MarketContext', () => {
  it('reads volatility and drawdown once per five minutes, and leaves a failed read unmeasured', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const context = new MarketContext({
      volatility: async () => {
        reads += 1;
        if (fail) throw new Error('feed down');
        return { level: 'Moderate', percent: 14.2 };
      },
      drawdownPercent: () => {
        if (fail) throw new Error('ledger closed');
        return 1.5;
      },
      now: () => now,
    });
    expect(context.current()).toEqual({ volatility: null, drawdownPercent: null });
    expect(await context.fresh()).toEqual({
      volatility: { level: 'Moderate', percent: 14.2 },
      drawdownPercent: 1.5,
    });
    now += 4 * 60_000;
    await context.fresh();
    expect(reads).toBe(1);
    fail = true;
    now += 60_000;
    expect(await context.fresh()).toEqual({ volatility: null, drawdownPercent: null });
    expect(reads).toBe(2);
  });
});
