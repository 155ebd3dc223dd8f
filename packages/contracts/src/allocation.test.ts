import { allocationSaveRequestSchema, dailyAmountRequestSchema } from './allocation';

const base = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  daily_risk_budget: 1.5,
};
const firstError = (value: unknown) => allocationSaveRequestSchema.safeParse(value).error?.issues[0]?.message;

describe('allocation save request', () => {
  it('accepts the spec ranges: manual 0.5–6.0 % in 0.1 steps, daily amount from ₹1,000 in ₹1,000 steps', () => {
    for (const pct of [0.5, 2.3, 6])
      expect(firstError({ ...base, manual_allocation_pct: pct })).toBeUndefined();
    for (const amount of [1000, 25_000, '40000'])
      expect(firstError({ ...base, daily_amount: amount })).toBeUndefined();
    for (const budget of [0.5, 1, 1.5, 2, 2.5])
      expect(firstError({ ...base, daily_risk_budget: budget })).toBeUndefined();
  });

  it('reads empty overrides as following the strategy', () => {
    expect(allocationSaveRequestSchema.parse(base)).toMatchObject({
      manual_allocation_pct: null,
      daily_amount: null,
    });
  });

  it('refuses values outside the rules with a sentence naming the fix', () => {
    expect(firstError({ ...base, manual_allocation_pct: 6.1 })).toBe(
      'manual_allocation_pct must be at most 6.0 %',
    );
    expect(firstError({ ...base, manual_allocation_pct: 1.25 })).toBe(
      'manual_allocation_pct goes in steps of 0.1 %, such as 2.3',
    );
    expect(firstError({ ...base, daily_amount: 999 })).toBe('daily_amount must be at least ₹1,000');
    expect(firstError({ ...base, daily_amount: 2500 })).toBe(
      'daily_amount goes in steps of ₹1,000, such as 25000',
    );
    expect(firstError({ ...base, daily_risk_budget: 1.2 })).toBe(
      'daily_risk_budget must be one of 0.5, 1, 1.5, 2 or 2.5 (percent)',
    );
    expect(firstError({ ...base, total_capital: 10.5 })).toBe(
      'total_capital must be a whole number of rupees, without paise',
    );
    expect(firstError({ ...base, max_round_trip_charges_pct: 0.1 })).toMatch(/at least 0.25 %/);
  });

  it('takes a cleared daily amount as null, and refuses text that is not a number', () => {
    expect(dailyAmountRequestSchema.parse({ daily_amount: null })).toEqual({ daily_amount: null });
    expect(dailyAmountRequestSchema.safeParse({ daily_amount: 'lots' }).error?.issues[0]?.message).toBe(
      'daily_amount must be a number of rupees, such as 25000',
    );
  });
});
