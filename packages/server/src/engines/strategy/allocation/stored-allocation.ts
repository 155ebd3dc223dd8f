import { ALLOCATION_DEFAULTS, type AllocationStrategyId } from '@td/contracts';
import { HttpError } from '../../../core/errors';
import { formatRupeesForMessage as rupees } from '../../broker/limits';
import { MANUAL_PERCENT_LIMITS, percentOf } from './daily-budget';
import type { AllocationContext, AllocationSettings } from './loop-allocation';

const toPaise = (rupeeAmount: number | null) => (rupeeAmount === null ? null : Math.round(rupeeAmount * 100));

/** What is kept in the settings table under SETTINGS_KEY; money in rupees, as the trader typed it. */
export interface StoredAllocation {
  allocation_strategy: AllocationStrategyId;
  ai_enabled: boolean;
  manual_allocation_pct: number | null;
  daily_amount: number | null;
  daily_risk_budget: number;
  /** null: the account's equity. */
  total_capital: number | null;
  max_round_trip_charges_pct: number;
}

export const SETTINGS_KEY = 'allocation.settings';

export const DEFAULT_STORED_ALLOCATION: StoredAllocation = {
  allocation_strategy: ALLOCATION_DEFAULTS.allocation_strategy,
  ai_enabled: ALLOCATION_DEFAULTS.ai_enabled,
  manual_allocation_pct: null,
  daily_amount: null,
  daily_risk_budget: ALLOCATION_DEFAULTS.daily_risk_budget,
  total_capital: null,
  max_round_trip_charges_pct: ALLOCATION_DEFAULTS.max_round_trip_charges_pct,
};

/** The stored settings as the loop reads them: money in paise, with the market context. */
export function allocationForLoop(stored: StoredAllocation, context: AllocationContext): AllocationSettings {
  return {
    strategy: stored.allocation_strategy,
    manualPct: stored.manual_allocation_pct,
    dailyAmountPaise: toPaise(stored.daily_amount),
    totalCapitalPaise: toPaise(stored.total_capital),
    riskBudgetPct: stored.daily_risk_budget,
    maxRoundTripChargesPct: stored.max_round_trip_charges_pct,
    context,
  };
}

/** No setting may invent money: the capital is at most the equity, a day at most 6 % of it. */
export function checkAgainstAccount(next: StoredAllocation, equityPaise: number): void {
  const equity = Math.max(0, equityPaise);
  if (next.total_capital !== null && next.total_capital * 100 > Math.ceil(equity / 100) * 100) {
    throw new HttpError(
      422,
      `total_capital ${rupees(next.total_capital * 100)} is more than the account's equity of ${rupees(equity)}: the allocation can only apply to money the account holds.`,
      'capital_above_equity',
      { field: 'total_capital' },
    );
  }
  const capital = next.total_capital === null ? equity : Math.min(next.total_capital * 100, equity);
  const most = percentOf(capital, MANUAL_PERCENT_LIMITS.max);
  if (next.daily_amount !== null && next.daily_amount * 100 > most) {
    throw new HttpError(
      422,
      `daily_amount ${rupees(next.daily_amount * 100)} is more than ${MANUAL_PERCENT_LIMITS.max} % of the ${rupees(capital)} capital (${rupees(most)}): choose a smaller amount or raise total_capital.`,
      'daily_amount_too_large',
      { field: 'daily_amount' },
    );
  }
}
