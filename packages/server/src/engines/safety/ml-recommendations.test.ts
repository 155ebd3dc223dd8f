import { mlRecommendations, type RecommendationInputs } from './ml-recommendations';
import { DEFAULT_RISK_LIMITS } from './risk-limits-defaults';

const report = {
  position_limits: DEFAULT_RISK_LIMITS.position_limits,
  loss_limits: DEFAULT_RISK_LIMITS.loss_limits,
  usage: { drawdown: 7.5, largest_stock: { symbol: 'TCS', percent: 10 } },
} as unknown as RecommendationInputs['report'];
const NEXT = Date.UTC(2026, 0, 6, 3, 45);

describe('ML recommendations from measured inputs', () => {
  it("uses the risk engine's score when it has one: cash 10 % + 40 % × score, sizing shrinks with it", () => {
    const out = mlRecommendations({
      engine: { score: 0.5, basis: 'measured inputs: …' },
      niftyVolatility: 18,
      report,
      nextReview: NEXT,
    });
    expect(out).toMatchObject({
      current_risk_score: 0.5,
      risk_level: 'medium',
      recommended_cash_allocation: 30,
      suggested_position_sizing: 7.5, // 10 % × (1 − 0.25)
      market_regime: 'normal',
      next_review_date: '2026-01-06T03:45:00.000Z',
    });
    expect(out.basis).toMatch(/risk engine: measured inputs/);
  });

  it('falls back to the mean of volatility, drawdown and concentration against their limits', () => {
    // 44 / 40 → 1 (capped), 7.5 / 15 = 0.5, 10 / 20 = 0.5: mean 0.67.
    const out = mlRecommendations({
      engine: { score: null, basis: '' },
      niftyVolatility: 44,
      report,
      nextReview: NEXT,
    });
    expect(out).toMatchObject({
      current_risk_score: 0.67,
      risk_level: 'medium',
      recommended_cash_allocation: 37,
      market_regime: 'high volatility',
    });
    expect(out.basis).toMatch(/fallback/);
  });

  it('says the regime is unknown before NIFTY volatility can be measured', () => {
    const out = mlRecommendations({ engine: null, niftyVolatility: null, report, nextReview: NEXT });
    expect(out.market_regime).toMatch(/^unknown/);
    expect(out.current_risk_score).toBe(0.5);
  });
});
