import { budgetPercent, dailyBudget } from './daily-budget';

const TEN_LAKH = 10_00_000 * 100;
const rupees = (paise: number) => paise / 100;

describe('dailyBudget', () => {
  it.each([
    ['conservative', 15_000],
    ['moderate', 25_000],
    ['aggressive', 40_000],
  ] as const)('%s gives ₹%d a day on ₹10,00,000', (strategy, expected) => {
    expect(rupees(dailyBudget(TEN_LAKH, strategy))).toBe(expected);
  });

  it('ai_optimized scales from 1.5 % at no confidence to 4.0 % at full confidence', () => {
    expect(rupees(dailyBudget(TEN_LAKH, 'ai_optimized', undefined, 0))).toBe(15_000);
    expect(rupees(dailyBudget(TEN_LAKH, 'ai_optimized', undefined, 0.5))).toBe(27_500);
    expect(rupees(dailyBudget(TEN_LAKH, 'ai_optimized', undefined, 1))).toBe(40_000);
    expect(budgetPercent('ai_optimized', null, 7)).toBe(4);
  });

  it('uses a manual percent over the strategy, kept within the 1–4 % limits', () => {
    expect(rupees(dailyBudget(TEN_LAKH, 'conservative', 2.3))).toBe(23_000);
    expect(rupees(dailyBudget(TEN_LAKH, 'moderate', 0.2))).toBe(10_000);
    expect(rupees(dailyBudget(TEN_LAKH, 'moderate', 9))).toBe(40_000);
    expect(rupees(dailyBudget(TEN_LAKH, 'moderate', null))).toBe(25_000);
  });

  it('rounds down to a whole paisa and gives nothing on no capital', () => {
    expect(dailyBudget(333, 'moderate')).toBe(8);
    expect(dailyBudget(0, 'aggressive')).toBe(0);
    expect(dailyBudget(-5_000, 'aggressive')).toBe(0);
  });
});
