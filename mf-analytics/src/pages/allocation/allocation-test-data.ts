import type { AiRecommendation, AllocationSettings, DailyAmountResponse } from '@td/contracts';

/** Settings as GET /api/allocation/settings returns them for a ₹10 lakh paper account. */
export function allocationSettingsFixture(overrides: Partial<AllocationSettings> = {}): AllocationSettings {
  return {
    allocation_strategy: 'moderate',
    ai_enabled: true,
    manual_allocation_pct: null,
    daily_amount: null,
    daily_risk_budget: 1.5,
    total_capital: 1_000_000,
    portfolio_value: 1_012_345,
    available_cash: 912_000,
    max_round_trip_charges_pct: 0.5,
    effective: {
      daily_amount: 25_000,
      allocation_pct: 2.5,
      source: 'strategy',
      max_daily_risk: 15_000,
      capital: 1_000_000,
    },
    account: 'paper',
    ...overrides,
  };
}

export const dailyAmountFixture: DailyAmountResponse = {
  daily_amount: 25_000,
  source: 'strategy',
  all_strategies: {
    conservative: { percentage: 1.5, amount: 15_000 },
    moderate: { percentage: 2.5, amount: 25_000 },
    aggressive: { percentage: 4, amount: 40_000 },
    ai_optimized: { percentage: 3.1, amount: 31_000 },
  },
};

export const aiRecommendationFixture: AiRecommendation = {
  allocation_amount: 31_000,
  allocation_pct: 3.1,
  confidence: 0.68,
  risk_assessment: 'medium',
  reasoning: [
    '7 BUY signals at or above 0.60 confidence (mean 0.71)',
    'NIFTY 50 realised volatility 14.2 % a year: a normal regime',
  ],
  expected_opportunities: 7,
  fallback: false,
};
