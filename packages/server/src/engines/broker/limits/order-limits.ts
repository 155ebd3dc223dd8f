import { formatPercentForMessage, formatRupeesForMessage as rupees } from '../../../core/money';
import type { Charges, OrderSide, PaperLimits } from '../../../core/orders';
import { computeCharges, turnoverPaise } from '../charges/compute-charges';
import {
  type DecimalFraction,
  decimalFraction,
  divideFraction,
  exceedsShare,
  multiplyRoundDown,
  multiplyRoundUp,
  reachesShare,
} from '../charges/decimal-fraction';
import {
  type AccountSnapshot,
  investedValuePaise,
  openPositionCount,
  type PhaseCaps,
  rupeesToPaise,
  todaysLossPaise,
} from './account-snapshot';

export interface OrderToCheck {
  side: OrderSide;
  symbol: string;
  quantity: number;
  /** Paise per share: the expected fill, slippage included, so the check is not optimistic. */
  price: number;
}

export interface OrderLimitInput {
  order: OrderToCheck;
  account: AccountSnapshot;
  limits: PaperLimits;
  /** The charges the buy would pay, if the caller already has them; computed from `limits` otherwise. */
  charges?: Pick<Charges, 'total'>;
  /** spec part 2 §9 Phases: the current phase's caps, when the account trades under one. */
  phase?: PhaseCaps;
}

export type LimitRejectionCode =
  | 'max_position_size'
  | 'max_daily_loss'
  | 'max_exposure'
  | 'max_positions'
  | 'min_balance'
  | 'insufficient_funds'
  | 'insufficient_shares'
  | 'phase_position_cap'
  | 'phase_daily_loss';

export type LimitCheckResult = { ok: true } | { ok: false; reason: string; code: LimitRejectionCode };

const PASSED: LimitCheckResult = { ok: true };
const SELLS_ONLY = 'only sells are allowed for the rest of the day.';

/**
 * Pre-trade checks of spec part 2 §3 "Paper limits" (and §9 "Phases" when caps are given). A sell
 * reduces risk, so it is refused only for selling shares the account does not hold. A buy meets
 * the first rule it breaks, in this order: the day's loss (trading halted outranks everything),
 * cash, the position count, the position's size, then the whole portfolio's exposure.
 */
export function checkOrderLimits(input: OrderLimitInput): LimitCheckResult {
  return input.order.side === 'SELL' ? checkSell(input.order, input.account) : checkBuy(input);
}

function checkSell(order: OrderToCheck, account: AccountSnapshot): LimitCheckResult {
  const held = Math.max(0, account.positions.get(order.symbol)?.quantity ?? 0);
  if (order.quantity <= held) return PASSED;
  return reject(
    'insufficient_shares',
    `Order rejected: cannot sell ${order.quantity} ${order.symbol} with only ${held} held; the paper account does not sell short.`,
  );
}

function checkBuy({
  order,
  account,
  limits,
  charges: knownCharges,
  phase: phaseCaps,
}: OrderLimitInput): LimitCheckResult {
  const lossRejection = checkDailyLoss(account, limits, phaseCaps);
  if (lossRejection) return lossRejection;

  const cost = turnoverPaise(order);
  const charges = (knownCharges ?? computeCharges(order, limits)).total;
  if (account.cashPaise < cost + charges) {
    return reject(
      'insufficient_funds',
      `Order rejected: buying ${order.quantity} ${order.symbol} needs ${rupees(cost + charges)} including ${rupees(charges)} charges, but only ${rupees(account.cashPaise)} cash is available.`,
    );
  }
  const cashAfter = account.cashPaise - cost - charges;
  const minimumBalance = rupeesToPaise(limits.min_balance_threshold);
  if (cashAfter < minimumBalance) {
    return reject(
      'min_balance',
      `Order rejected: cash would fall to ${rupees(cashAfter)} after this buy, below the ${rupees(minimumBalance)} minimum balance.`,
    );
  }

  const held = account.positions.get(order.symbol);
  const isNewPosition = !held || held.quantity <= 0;
  const openCount = openPositionCount(account);
  if (isNewPosition && openCount >= limits.max_positions_count) {
    return reject(
      'max_positions',
      `Order rejected: ${order.symbol} would be a new position, and ${openCount} are already open; the maximum is ${limits.max_positions_count}.`,
    );
  }

  const positionAfter = (isNewPosition ? 0 : held.marketValuePaise) + cost;
  const maximumPosition = rupeesToPaise(limits.max_position_size);
  if (positionAfter > maximumPosition) {
    return reject(
      'max_position_size',
      `Order rejected: position in ${order.symbol} would be ${rupees(positionAfter)}, above the ${rupees(maximumPosition)} maximum position size.`,
    );
  }
  const equity = Math.max(0, account.equityPaise);
  if (phaseCaps) {
    const cap = percentOf(phaseCaps.maxPositionPercent);
    if (exceedsShare(positionAfter, equity, cap)) {
      return reject(
        'phase_position_cap',
        `Order rejected: position in ${order.symbol} would be ${rupees(positionAfter)}, above this phase's cap of ${rupees(multiplyRoundDown(equity, cap))} (${formatPercentForMessage(phaseCaps.maxPositionPercent)} of equity).`,
      );
    }
  }

  const investedAfter = investedValuePaise(account) + cost;
  const exposureLimit = decimalFraction(limits.max_portfolio_exposure);
  if (exceedsShare(investedAfter, equity, exposureLimit)) {
    return reject('max_exposure', exposureReason(investedAfter, equity, limits.max_portfolio_exposure));
  }
  return PASSED;
}

/** No new buys once today's loss reaches the limit; a day without a loss never trips it, even at a limit of 0. */
function checkDailyLoss(
  account: AccountSnapshot,
  limits: PaperLimits,
  phaseCaps: PhaseCaps | undefined,
): LimitCheckResult | null {
  const loss = todaysLossPaise(account);
  if (loss === 0) return null;
  const maximumLoss = rupeesToPaise(limits.max_daily_loss);
  if (loss >= maximumLoss) {
    return reject(
      'max_daily_loss',
      `Order rejected: today's loss of ${rupees(loss)} has reached the ${rupees(maximumLoss)} maximum daily loss; ${SELLS_ONLY}`,
    );
  }
  if (!phaseCaps) return null;
  const equity = Math.max(0, account.equityPaise);
  const cap = percentOf(phaseCaps.maxDailyLossPercent);
  if (!reachesShare(loss, equity, cap)) return null;
  return reject(
    'phase_daily_loss',
    `Order rejected: today's loss of ${rupees(loss)} has reached this phase's daily limit of ${rupees(multiplyRoundUp(equity, cap))} (${formatPercentForMessage(phaseCaps.maxDailyLossPercent)} of equity); ${SELLS_ONLY}`,
  );
}

function exposureReason(investedAfter: number, equity: number, limit: number): string {
  const limitText = formatPercentForMessage(limit * 100);
  if (equity === 0) {
    return `Order rejected: invested value would be ${rupees(investedAfter)} with no equity in the account, above the ${limitText} maximum exposure.`;
  }
  const shareText = formatPercentForMessage((investedAfter / equity) * 100);
  // One paisa over the limit rounds to the limit itself; say so rather than print '80%, above 80%'.
  const share = shareText === limitText ? `just over ${limitText}` : shareText;
  return `Order rejected: invested value would be ${rupees(investedAfter)}, ${share} of equity, above the ${limitText} maximum exposure.`;
}

/** 3 (%) → 3 / 100, exactly. */
function percentOf(percent: number): DecimalFraction {
  return divideFraction(decimalFraction(percent), 100n);
}

function reject(code: LimitRejectionCode, reason: string): LimitCheckResult {
  return { ok: false, code, reason };
}
