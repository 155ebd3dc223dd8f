import type { Holding } from '@td/contracts';
import { withLivePrices } from './with-live-prices';

const reliance: Holding = {
  symbol: 'RELIANCE',
  quantity: 10,
  avg_price: 2_500,
  current_price: 2_550,
  market_value: 25_500,
  total_returns: 500,
  total_returns_percent: 2,
  day_change: 100,
};

describe('withLivePrices', () => {
  it('re-prices a holding at its latest tick: value, P&L, return and day change follow', () => {
    const [live] = withLivePrices([reliance], new Map([['RELIANCE', 260_000]]));
    expect(live).toEqual({
      ...reliance,
      current_price: 2_600,
      market_value: 26_000,
      total_returns: 1_000,
      total_returns_percent: 4,
      // previous close was 2,540 (2,550 − 100 / 10): 10 × (2,600 − 2,540)
      day_change: 600,
    });
  });

  it('leaves a holding with no tick as the server priced it', () => {
    expect(withLivePrices([reliance], new Map([['TCS', 400_000]]))).toEqual([reliance]);
  });

  it('shows a loss when the price falls below the average', () => {
    const [live] = withLivePrices([reliance], new Map([['RELIANCE', 240_000]]));
    expect(live?.total_returns).toBe(-1_000);
    expect(live?.total_returns_percent).toBe(-4);
  });
});
