import { formatRupeesForMessage as rupees } from '../../../core/money';
import type { AccountSnapshot } from './account-snapshot';
import type { OrderToCheck } from './order-limits';

/** The trader's risk limits (contracts/src/safety.ts), every one a percent (3 means 3 %). */
export interface RiskLimitValues {
  max_position_size: number;
  max_single_stock: number;
  max_sector_exposure: number;
  daily_loss_limit: number;
  weekly_loss_limit: number;
  monthly_loss_limit: number;
  max_drawdown_limit: number;
}

/** Where the account stands on the loss windows, paise (losses positive) and percent. */
export interface LossPosition {
  capitalPaise: number;
  dailyLossPaise: number;
  weeklyLossPaise: number;
  monthlyLossPaise: number;
  drawdownPercent: number;
}

export interface RiskLimitCheckInput {
  order: OrderToCheck;
  account: AccountSnapshot;
  limits: RiskLimitValues;
  losses: LossPosition;
  sectorOf: (symbol: string) => string | undefined;
}

const SELLS_ONLY = 'only sells are allowed until it recovers or you raise the limit on the Risk screen.';

/** Two decimals, or two significant digits below 1 % (a 0.001 % limit must not read '0 %'). */
export const percentText = (value: number) =>
  `${Number(Math.abs(value) < 1 ? value.toPrecision(2) : value.toFixed(2))} %`;

/**
 * The risk screen's limits (spec part 1 §3 "Risk limits"), checked beside the paper limits. A sell
 * lowers risk and always passes; a buy meets the first limit it breaks: the loss windows (day,
 * week, month, drawdown), then the order's size, the stock's and the sector's share of equity.
 */
export function checkRiskLimits(input: RiskLimitCheckInput): string | null {
  const { order, account, limits, losses } = input;
  if (order.side === 'SELL') return null;
  const capital = Math.max(0, losses.capitalPaise);
  const lossWindows: [string, number, number][] = [
    ["today's", losses.dailyLossPaise, limits.daily_loss_limit],
    ["this week's", losses.weeklyLossPaise, limits.weekly_loss_limit],
    ["this month's", losses.monthlyLossPaise, limits.monthly_loss_limit],
  ];
  for (const [label, loss, limit] of lossWindows) {
    const limitPaise = (capital * limit) / 100;
    if (loss > 0 && loss >= limitPaise) {
      return `Order rejected: ${label} loss of ${rupees(loss)} has reached the ${percentText(limit)} loss limit (${rupees(limitPaise)} of ${rupees(capital)} capital); ${SELLS_ONLY}`;
    }
  }
  if (losses.drawdownPercent >= limits.max_drawdown_limit) {
    return `Order rejected: the portfolio is ${percentText(losses.drawdownPercent)} below its 30-day peak, past the ${percentText(limits.max_drawdown_limit)} maximum drawdown; ${SELLS_ONLY}`;
  }
  const cost = order.quantity * order.price;
  const maxOrder = (capital * limits.max_position_size) / 100;
  if (cost > maxOrder) {
    return `Order rejected: buying ${order.quantity} ${order.symbol} costs ${rupees(cost)}, above the ${percentText(limits.max_position_size)} maximum position size (${rupees(maxOrder)} of ${rupees(capital)} capital).`;
  }
  const equity = Math.max(0, account.equityPaise);
  const held = account.positions.get(order.symbol);
  const stockAfter = (held && held.quantity > 0 ? held.marketValuePaise : 0) + cost;
  const maxStock = (equity * limits.max_single_stock) / 100;
  if (stockAfter > maxStock) {
    return `Order rejected: ${order.symbol} would be ${rupees(stockAfter)}, ${percentText((stockAfter / Math.max(1, equity)) * 100)} of equity, above the ${percentText(limits.max_single_stock)} single-stock limit (${rupees(maxStock)}).`;
  }
  const sector = input.sectorOf(order.symbol);
  if (sector) {
    let sectorAfter = cost;
    for (const [symbol, position] of account.positions)
      if (position.quantity > 0 && input.sectorOf(symbol) === sector)
        sectorAfter += position.marketValuePaise;
    const maxSector = (equity * limits.max_sector_exposure) / 100;
    if (sectorAfter > maxSector) {
      return `Order rejected: ${sector} would be ${rupees(sectorAfter)}, ${percentText((sectorAfter / Math.max(1, equity)) * 100)} of equity, above the ${percentText(limits.max_sector_exposure)} sector limit (${rupees(maxSector)}).`;
    }
  }
  return null;
}
