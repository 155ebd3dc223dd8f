import { historicalValueAtRisk, parametricValueAtRisk, quantile, simulatedDailyPnl } from './value-at-risk';

describe('value at risk', () => {
  it('interpolates percentiles like numpy (empyrical’s value_at_risk)', () => {
    // numpy.percentile([1, 2, 3, 4], 5) = 1 + (3 × 0.05) × (2 − 1) = 1.15
    expect(quantile([4, 1, 3, 2], 0.05)).toBeCloseTo(1.15, 12);
    expect(quantile([7], 0.05)).toBe(7);
    expect(quantile([], 0.05)).toBeNull();
  });

  it('states historical VaR as the loss at the 5th percentile', () => {
    // 20 sessions −10 … +9: rank 19 × 0.05 = 0.95 → −10 + 0.95 × 1 = −9.05 → VaR 9.05
    const pnl = Array.from({ length: 20 }, (_, i) => i - 10);
    expect(historicalValueAtRisk(pnl)).toBeCloseTo(9.05, 12);
    // Even the worst session gained: the VaR is negative, not clipped to a made-up zero.
    expect(historicalValueAtRisk([5, 6, 7])).toBeCloseTo(-5.1, 12);
    expect(historicalValueAtRisk([-3])).toBeNull();
  });

  it('states parametric VaR as 1.645 σ with the mean taken as zero', () => {
    // [2, 4, 6, 8]: σ = 2.58199 (N − 1); × 1.64485 = 4.24700; the mean 5 does not reduce it
    expect(parametricValueAtRisk([2, 4, 6, 8])).toBeCloseTo(4.247, 3);
    expect(parametricValueAtRisk([1])).toBeNull();
  });

  it('replays today’s values over each session’s returns', () => {
    // ₹1,000 × +1 % + ₹3,000 × −2 % = 10 − 60 = −50; then 1000 × −1 % + 3000 × 0 % = −10
    expect(
      simulatedDailyPnl(
        [1000, 3000],
        [
          [0.01, -0.01],
          [-0.02, 0],
        ],
      ),
    ).toEqual([-50, -10]);
    expect(simulatedDailyPnl([], [])).toEqual([]);
  });
});
