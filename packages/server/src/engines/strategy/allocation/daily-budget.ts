import type { Signal } from '../../signals';
import type { TradingPhase } from '../phases';
import { type AiAllocation, recommendAllocation } from './ai-allocation';
import { type AllocationSettings, type AllocationStrategy, DEFAULT_RISK_BUDGET_PCT } from './loop-allocation';

/** spec part 1 §9 "Allocation strategies": percent of capital per day. */
export const STRATEGY_PERCENT: Readonly<Record<Exclude<AllocationStrategy, 'ai_optimized'>, number>> = {
  conservative: 1.5,
  moderate: 2.5,
  aggressive: 4.0,
};

/** spec part 1 §5: the manual percent input's bounds; a fixed daily amount is held to the same top. */
export const MANUAL_PERCENT_LIMITS = { min: 0.5, max: 6.0 } as const;

export type BudgetSource = 'daily_amount' | 'manual_pct' | 'strategy' | 'ai';

export interface DailyBudget {
  budgetPaise: number;
  /** The budget as a percent of capital, to a basis point. */
  percent: number;
  source: BudgetSource;
  /** The capital the percent applied to: the trader's total capital capped by equity. */
  capitalPaise: number;
  /** capital × risk budget: the most the day's entries may lose at their stop-losses. */
  maxRiskPaise: number;
  /** Set when the risk budget, not the allocation, set the budget. */
  limitedByRisk: boolean;
  /** The ai_optimized computation, when it was the source. */
  ai: AiAllocation | null;
}

export interface BudgetInput {
  settings: AllocationSettings;
  /** The account's equity, paise. */
  equityPaise: number;
  phase: TradingPhase;
  /** The latest ranking (ai_optimized reads its BUY signals). */
  signals: readonly Signal[];
}

/**
 * The day's budget, one rule for the loop and the allocation screen (docs/decisions/0015): the
 * strongest override the trader set wins — a fixed daily amount, else a manual percent, else the
 * strategy's percent (ai_optimized: the AI recommendation) — of the capital, which is the trader's
 * total capital capped by the account's equity. No budget exceeds what the risk budget allows:
 * capital × risk budget ÷ the phase's stop-loss distance.
 */
export function resolveDailyBudget(input: BudgetInput): DailyBudget {
  const { settings, phase } = input;
  const equity = Math.max(0, Math.floor(input.equityPaise));
  const wanted = settings.totalCapitalPaise;
  const capital = wanted !== null && wanted !== undefined && wanted >= 0 ? Math.min(wanted, equity) : equity;
  const maxRisk = percentOf(capital, settings.riskBudgetPct ?? DEFAULT_RISK_BUDGET_PCT);
  let budget: number;
  let source: BudgetSource;
  let ai: AiAllocation | null = null;
  if (settings.dailyAmountPaise !== null && settings.dailyAmountPaise !== undefined) {
    budget = Math.min(settings.dailyAmountPaise, percentOf(capital, MANUAL_PERCENT_LIMITS.max));
    source = 'daily_amount';
  } else if (
    settings.manualPct !== null &&
    settings.manualPct !== undefined &&
    Number.isFinite(settings.manualPct)
  ) {
    const pct = Math.min(MANUAL_PERCENT_LIMITS.max, Math.max(MANUAL_PERCENT_LIMITS.min, settings.manualPct));
    budget = percentOf(capital, pct);
    source = 'manual_pct';
  } else if (settings.strategy === 'ai_optimized') {
    ai = recommendAllocation({
      capitalPaise: capital,
      signals: input.signals,
      phase,
      context: settings.context ?? { volatility: null, drawdownPercent: null },
    });
    budget = ai.allocationPaise;
    source = 'ai';
  } else {
    budget = percentOf(capital, STRATEGY_PERCENT[settings.strategy]);
    source = 'strategy';
  }
  // What a budget spent in full would lose if every entry fell to the phase's stop-loss.
  const riskCeiling = Math.floor((maxRisk * 100) / phase.emergencyStopLossPercent);
  const limitedByRisk = riskCeiling < budget;
  if (limitedByRisk) budget = riskCeiling;
  budget = Math.max(0, budget);
  const percent = capital > 0 ? Math.round((budget / capital) * 10_000) / 100 : 0;
  return {
    budgetPaise: budget,
    percent,
    source,
    capitalPaise: capital,
    maxRiskPaise: maxRisk,
    limitedByRisk,
    ai,
  };
}

/** percent % of an amount in paise, rounded down; the percent kept to a basis point. */
export function percentOf(amountPaise: number, percent: number): number {
  if (!(amountPaise > 0) || !(percent > 0)) return 0;
  return Math.floor((Math.floor(amountPaise) * Math.round(percent * 100)) / 10_000);
}
