import { averagePrice, costRemoved, mulDivHalfUp } from './cost-basis';

describe('cost basis arithmetic', () => {
  it('rounds half up', () => {
    expect(mulDivHalfUp(10, 1, 4)).toBe(3); // 2.5 → 3
    expect(mulDivHalfUp(10, 1, 3)).toBe(3); // 3.33 → 3
    expect(mulDivHalfUp(11, 1, 3)).toBe(4); // 3.67 → 4
  });

  it('keeps precision where a float product would not', () => {
    // 9e15 × 3 passes 2^53; the exact answer is 9e15 × 3 / 7 = 3857142857142857.14…
    expect(mulDivHalfUp(9_000_000_000_000_000, 3, 7)).toBe(3_857_142_857_142_857);
  });

  it('removes cost in proportion and leaves the rounding with the remaining shares', () => {
    // 3 shares that cost 1000 paise: selling one removes 333, the two left keep 667.
    expect(costRemoved(1000, 3, 1)).toBe(333);
    expect(costRemoved(667, 2, 1)).toBe(334);
    expect(costRemoved(333, 1, 1)).toBe(333);
  });

  it('averages a turnover over a quantity, half up, and has no average for nothing', () => {
    expect(averagePrice(100 * 10_000 + 50 * 10_100, 150)).toBe(10_033);
    expect(averagePrice(0, 0)).toBeNull();
  });
});
