import { matchRoundTrips } from './round-trips';

const fill = (
  side: 'BUY' | 'SELL',
  quantity: number,
  rupees: number,
  ts: number,
  strategy = 'momentum',
  chargesPaise = 0,
) => ({
  symbol: 'INFY',
  side,
  quantity,
  pricePaise: rupees * 100,
  chargesPaise,
  ts,
  strategy,
});

describe('matchRoundTrips', () => {
  it('matches sells to the earliest buys first and splits charges by the shares matched', () => {
    const { trips, open } = matchRoundTrips([
      fill('BUY', 10, 100, 1, 'momentum', 1_000), // ₹10 charges on 10 shares
      fill('BUY', 10, 110, 2, 'breakout', 2_000),
      fill('SELL', 15, 120, 3, 'exit', 1_500), // ₹15 charges on 15 shares
    ]);
    expect(trips).toEqual([
      // 10 from the first buy: 10 × (120 − 100) = ₹200, less ₹10 entry and 10/15 of ₹15 = ₹10 exit
      expect.objectContaining({
        strategy: 'momentum',
        quantity: 10,
        entryChargesPaise: 1_000,
        exitChargesPaise: 1_000,
        pnlPaise: 20_000 - 2_000,
      }),
      // 5 from the second: 5 × (120 − 110) = ₹50, less 5/10 of ₹20 = ₹10 entry and 5/15 of ₹15 = ₹5 exit
      expect.objectContaining({
        strategy: 'breakout',
        quantity: 5,
        entryChargesPaise: 1_000,
        exitChargesPaise: 500,
        pnlPaise: 5_000 - 1_500,
      }),
    ]);
    // 5 shares of the second buy stay open with the rest of its charges
    expect(open).toEqual([
      expect.objectContaining({ strategy: 'breakout', quantity: 5, entryChargesPaise: 1_000 }),
    ]);
  });

  it('ignores a sell with nothing bought before it', () => {
    expect(matchRoundTrips([fill('SELL', 5, 100, 1)])).toEqual({ trips: [], open: [] });
  });
});
