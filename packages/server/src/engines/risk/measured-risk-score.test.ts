import { riskLevelOf } from '@td/contracts';
import { measuredRiskScore } from './measured-risk-score';

describe('risk score from measured inputs', () => {
  it('weights volatility, VaR, concentration and drawdown against their caps', () => {
    // 30 % / 60 % = 0.5 × 0.35 = 0.175; 2 % / 5 % = 0.4 × 0.25 = 0.1; 0.5 × 0.2 = 0.1; 5 % / 20 % × 0.2 = 0.05
    const scored = measuredRiskScore({
      volatility: 0.3,
      valueAtRisk: 0.02,
      concentration: 0.5,
      drawdown: 0.05,
    });
    expect(scored!.score).toBeCloseTo(0.425, 10);
    expect(scored!.basis).toContain('volatility 30.0 %');
  });

  it('caps each input at 1 and floors a gain at 0', () => {
    const worst = measuredRiskScore({ volatility: 2, valueAtRisk: 0.5, concentration: 1, drawdown: 0.9 });
    expect(worst!.score).toBeCloseTo(1, 10);
    const calm = measuredRiskScore({ volatility: 0, valueAtRisk: -0.01, concentration: 0, drawdown: 0 });
    expect(calm!.score).toBe(0);
  });

  it('gives no score when an input is missing', () => {
    expect(
      measuredRiskScore({ volatility: null, valueAtRisk: 0.01, concentration: 0.2, drawdown: 0 }),
    ).toBeNull();
  });

  it('bands scores as the spec says: below 0.3 low, below 0.7 medium, else high', () => {
    expect(riskLevelOf(0.29)).toBe('low');
    expect(riskLevelOf(0.3)).toBe('medium');
    expect(riskLevelOf(0.69)).toBe('medium');
    expect(riskLevelOf(0.7)).toBe('high');
  });
});
