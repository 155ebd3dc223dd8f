/** Accounts and orders in rupees for the order-limit tests; the engine itself sees paise. */
import { DEFAULT_PAPER_LIMITS, type PaperLimits } from '../../../core/orders';
import type { AccountSnapshot, HeldPosition } from './account-snapshot';
import { checkOrderLimits, type LimitCheckResult, type OrderToCheck } from './order-limits';

export const paise = (rupees: number) => Math.round(rupees * 100);

export type Holding = [symbol: string, quantity: number, marketValueRupees: number];

/** An account in rupees for readability; equity defaults to cash plus holdings, as the engine computes it. */
export function account(options: {
  cash: number;
  holdings?: Holding[];
  dayPnl?: number;
  equity?: number;
}): AccountSnapshot {
  const positions = new Map<string, HeldPosition>(
    (options.holdings ?? []).map(([symbol, quantity, value]) => [
      symbol,
      { quantity, marketValuePaise: paise(value) },
    ]),
  );
  const invested = [...positions.values()].reduce((sum, position) => sum + position.marketValuePaise, 0);
  return {
    cashPaise: paise(options.cash),
    equityPaise: options.equity === undefined ? paise(options.cash) + invested : paise(options.equity),
    positions,
    dayPnlPaise: paise(options.dayPnl ?? 0),
  };
}

export const buy = (symbol: string, quantity: number, priceRupees: number): OrderToCheck => ({
  side: 'BUY',
  symbol,
  quantity,
  price: paise(priceRupees),
});
export const sell = (symbol: string, quantity: number, priceRupees: number): OrderToCheck => ({
  ...buy(symbol, quantity, priceRupees),
  side: 'SELL',
});

export const roomy = account({
  cash: 5_00_000,
  holdings: [
    ['RELIANCE', 16, 40_000],
    ['TCS', 10, 39_000],
  ],
});

export function check(
  order: OrderToCheck,
  state = roomy,
  limits: PaperLimits = DEFAULT_PAPER_LIMITS,
): LimitCheckResult {
  return checkOrderLimits({ order, account: state, limits });
}

export const rejected = (code: string, reason: string) => ({ ok: false, code, reason });
