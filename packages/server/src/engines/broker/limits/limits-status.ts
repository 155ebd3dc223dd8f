import type { PaperLimits } from '../../../core/orders';
import { decimalFraction, exceedsShare } from '../charges/decimal-fraction';
import {
  type AccountSnapshot,
  investedValuePaise,
  openPositionCount,
  rupeesToPaise,
  todaysLossPaise,
} from './account-snapshot';

/** spec part 2 §3 "Paper trading overview": limits_status; money in rupees, percentages 0–100. */
export interface LimitsStatus {
  balance_status: { current: number; threshold: number; safe: boolean };
  daily_loss_status: { current_loss: number; limit: number; safe: boolean };
  positions_status: { current: number; limit: number; safe: boolean };
  exposure_status: { current_percentage: number; limit_percentage: number; safe: boolean };
}

/**
 * The four Risk Limits Status checks. A check is safe exactly when checkOrderLimits would not
 * refuse a buy for that reason on the account as it stands: so 10 of 10 positions and a loss that
 * has reached the limit show a warning, while cash sitting on the threshold or exposure at the
 * limit are still within it.
 */
export function limitsStatus(state: AccountSnapshot, limits: PaperLimits): LimitsStatus {
  const loss = todaysLossPaise(state);
  const positions = openPositionCount(state);
  const invested = investedValuePaise(state);
  const equity = Math.max(0, state.equityPaise);
  return {
    balance_status: {
      current: paiseToRupees(state.cashPaise),
      threshold: limits.min_balance_threshold,
      safe: state.cashPaise >= rupeesToPaise(limits.min_balance_threshold),
    },
    daily_loss_status: {
      current_loss: paiseToRupees(loss),
      limit: limits.max_daily_loss,
      // Mirrors the order check: only an actual loss can reach the limit.
      safe: loss === 0 || loss < rupeesToPaise(limits.max_daily_loss),
    },
    positions_status: {
      current: positions,
      limit: limits.max_positions_count,
      safe: positions < limits.max_positions_count,
    },
    exposure_status: {
      current_percentage: exposurePercentage(invested, equity),
      limit_percentage: roundTo2(limits.max_portfolio_exposure * 100),
      safe: !exceedsShare(invested, equity, decimalFraction(limits.max_portfolio_exposure)),
    },
  };
}

/** Nothing invested is 0 %; something invested with no equity (a state cash checks should prevent) reads as 100 %. */
function exposurePercentage(invested: number, equity: number): number {
  if (invested <= 0) return 0;
  if (equity === 0) return 100;
  return roundTo2((invested / equity) * 100);
}

function paiseToRupees(paise: number): number {
  return paise / 100;
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}
