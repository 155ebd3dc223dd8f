import type { Signal } from '../../signals';
import { TRADING_PHASES } from '../phases';
import { resolveDailyBudget } from './daily-budget';
import type { AllocationSettings } from './loop-allocation';

const TEN_LAKH = 10_00_000 * 100;
const expansion = TRADING_PHASES[2]!; // ₹2L–10L: stop-loss 7 %
const rupees = (paise: number) => paise / 100;
const budgetOf = (settings: AllocationSettings, equity = TEN_LAKH, signals: Signal[] = []) =>
  resolveDailyBudget({ settings, equityPaise: equity, phase: expansion, signals });

describe('resolveDailyBudget', () => {
  it.each([
    ['conservative', 15_000],
    ['moderate', 25_000],
    ['aggressive', 40_000],
  ] as const)('%s gives ₹%d a day on ₹10,00,000', (strategy, expected) => {
    const budget = budgetOf({ strategy });
    expect(rupees(budget.budgetPaise)).toBe(expected);
    expect(budget.source).toBe('strategy');
  });

  it('uses a manual percent over the strategy, and a fixed daily amount over both', () => {
    expect(budgetOf({ strategy: 'conservative', manualPct: 2.3 })).toMatchObject({
      budgetPaise: 23_000_00,
      percent: 2.3,
      source: 'manual_pct',
    });
    expect(budgetOf({ strategy: 'aggressive', manualPct: 2.3, dailyAmountPaise: 12_000_00 })).toMatchObject({
      budgetPaise: 12_000_00,
      percent: 1.2,
      source: 'daily_amount',
    });
  });

  it('applies the percent to the total capital the trader set, never to more than the equity', () => {
    expect(rupees(budgetOf({ strategy: 'moderate', totalCapitalPaise: 4_00_000_00 }).budgetPaise)).toBe(
      10_000,
    );
    const capped = budgetOf({ strategy: 'moderate', totalCapitalPaise: 50_00_000_00 });
    expect(capped.capitalPaise).toBe(TEN_LAKH);
    expect(rupees(capped.budgetPaise)).toBe(25_000);
  });

  it('holds a fixed daily amount to 6 % of capital', () => {
    expect(rupees(budgetOf({ strategy: 'moderate', dailyAmountPaise: 90_000_00 }).budgetPaise)).toBe(60_000);
  });

  it('keeps the budget within what the risk budget can lose at the phase stop-loss', () => {
    // 0.5 % of ₹10,00,000 = ₹5,000 at risk ÷ a 7 % stop = ₹71,428: a 6 % day (₹60,000) fits.
    expect(budgetOf({ strategy: 'moderate', manualPct: 6, riskBudgetPct: 0.5 }).limitedByRisk).toBe(false);
    // With the Enterprise phase's 10 % stop, ₹5,000 at risk allows ₹50,000 of entries at most.
    const enterprise = TRADING_PHASES[4]!;
    const budget = resolveDailyBudget({
      settings: { strategy: 'moderate', manualPct: 6, riskBudgetPct: 0.5 },
      equityPaise: TEN_LAKH,
      phase: enterprise,
      signals: [],
    });
    expect(budget).toMatchObject({ budgetPaise: 50_000_00, limitedByRisk: true, maxRiskPaise: 5_000_00 });
  });

  it('rounds down to a whole paisa and gives nothing on no capital', () => {
    expect(budgetOf({ strategy: 'moderate' }, 333).budgetPaise).toBe(8);
    expect(budgetOf({ strategy: 'aggressive' }, 0).budgetPaise).toBe(0);
    expect(budgetOf({ strategy: 'aggressive' }, -5_000).budgetPaise).toBe(0);
  });

  it('sizes ai_optimized with the AI recommendation', () => {
    const signals: Signal[] = ['A', 'B', 'C', 'D'].map((symbol) => ({
      symbol,
      direction: 'BUY',
      score: 0.8,
      confidence: 0.8,
      reasons: [],
    }));
    const budget = budgetOf(
      {
        strategy: 'ai_optimized',
        context: { volatility: { level: 'Low', percent: 10 }, drawdownPercent: 0 },
      },
      TEN_LAKH,
      signals,
    );
    // 1.5 % + 2.5 % × 0.8 = 3.5 %
    expect(budget).toMatchObject({ source: 'ai', percent: 3.5, budgetPaise: 35_000_00 });
    expect(budget.ai?.expectedOpportunities).toBe(4);
  });
});
