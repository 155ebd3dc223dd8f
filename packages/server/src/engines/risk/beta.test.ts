import { beta, sampleCovariance, stressLoss } from './beta';

describe('beta and stress losses', () => {
  it('divides the sample covariance by the market’s sample variance', () => {
    // a = [1, 2, 3], m = [2, 4, 6]: cov = (−1×−2 + 0 + 1×2) / 2 = 2; var(m) = (4 + 0 + 4) / 2 = 4 → 0.5
    expect(sampleCovariance([1, 2, 3], [2, 4, 6])).toBe(2);
    expect(beta([1, 2, 3], [2, 4, 6])).toBe(0.5);
  });

  it('has no beta against a market that never moved, or from one session', () => {
    expect(beta([0.01, 0.02], [0.01, 0.01])).toBeNull();
    expect(beta([0.01], [0.02])).toBeNull();
  });

  it('sums value × beta × drop, and refuses a partial sum', () => {
    // 1000 × 1.2 × 0.2 + 500 × 0.8 × 0.2 = 240 + 80 = 320
    const held = [
      { value: 1000, beta: 1.2 },
      { value: 500, beta: 0.8 },
    ];
    expect(stressLoss(held, 0.2)).toBeCloseTo(320, 10);
    expect(stressLoss([...held, { value: 100, beta: null }], 0.2)).toBeNull();
    expect(stressLoss([], 0.1)).toBe(0);
  });
});
