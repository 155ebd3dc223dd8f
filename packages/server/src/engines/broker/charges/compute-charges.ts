import {
  type Charges,
  DEFAULT_PRODUCT,
  type OrderSide,
  type PaperLimits,
  type Product,
} from '../../../core/orders';
import {
  BSE_TRANSACTION_RATE,
  DELIVERY_STAMP_BUY_RATE,
  DISCOUNT_INTRADAY_BROKERAGE_RATE,
  GST_RATE,
  INTRADAY_STAMP_BUY_RATE,
  INTRADAY_STT_SELL_RATE,
  SEBI_FEE_RATE,
} from './charge-rates';
import { decimalFraction, divideFraction, multiplyRoundHalfUp } from './decimal-fraction';

/** One executed order as its contract note sees it: cash equity, intraday or delivery, on NSE or BSE. */
export interface ExecutedOrder {
  side: OrderSide;
  /** Whole shares, at least 1. */
  quantity: number;
  /** Paise per share. */
  price: number;
  /** Default delivery. */
  product?: Product;
  /** Default NSE: every instrument the product trades is NSE-listed. */
  exchange?: 'NSE' | 'BSE';
}

/** The settings the contract note reads: the paper limits' charges fields. */
export type ChargeRates = Pick<
  PaperLimits,
  'brokerage_plan' | 'brokerage_per_trade' | 'stt_rate' | 'transaction_charges'
>;

/** Quantity × price, paise. */
export function turnoverPaise(order: ExecutedOrder): number {
  if (!Number.isSafeInteger(order.quantity) || order.quantity < 1) {
    throw new RangeError(`Quantity must be a whole number of shares, at least 1; got ${order.quantity}.`);
  }
  if (!Number.isSafeInteger(order.price) || order.price < 0) {
    throw new RangeError(`Price must be a whole, non-negative number of paise; got ${order.price}.`);
  }
  const turnover = order.quantity * order.price;
  if (!Number.isSafeInteger(turnover)) throw new RangeError(`Turnover ${turnover} paise is too large.`);
  return turnover;
}

/**
 * The charges on one executed order. Each line is computed exactly and rounded half-up to the
 * paisa; GST is taken on the rounded lines it taxes, as a contract note prints them, and the
 * total is the sum of the rounded lines.
 */
export function computeCharges(order: ExecutedOrder, rates: ChargeRates): Charges {
  const turnover = turnoverPaise(order);
  const intraday = (order.product ?? DEFAULT_PRODUCT) === 'I';
  const buy = order.side === 'BUY';
  const brokerage = brokeragePaise(turnover, intraday, rates);
  // Intraday STT is statutory, sell side only; delivery STT is the stt_rate field (a fraction), both sides.
  const stt = intraday
    ? buy
      ? 0
      : multiplyRoundHalfUp(turnover, INTRADAY_STT_SELL_RATE)
    : multiplyRoundHalfUp(turnover, decimalFraction(rates.stt_rate));
  // transaction_charges is NSE's rate as a percentage (0.00297 = 0.00297 %), hence ÷ 100.
  const exchangeRate =
    order.exchange === 'BSE'
      ? BSE_TRANSACTION_RATE
      : divideFraction(decimalFraction(rates.transaction_charges), 100n);
  const exchangeTransaction = multiplyRoundHalfUp(turnover, exchangeRate);
  const sebiFee = multiplyRoundHalfUp(turnover, SEBI_FEE_RATE);
  const gst = multiplyRoundHalfUp(brokerage + exchangeTransaction + sebiFee, GST_RATE);
  const stampDuty = buy
    ? multiplyRoundHalfUp(turnover, intraday ? INTRADAY_STAMP_BUY_RATE : DELIVERY_STAMP_BUY_RATE)
    : 0;
  const total = brokerage + stt + exchangeTransaction + sebiFee + gst + stampDuty;
  return { brokerage, stt, exchangeTransaction, sebiFee, gst, stampDuty, total };
}

/** Flat: brokerage_per_trade rupees an order. Discount: min(that, 0.03 %) intraday, ₹0 delivery. */
function brokeragePaise(turnover: number, intraday: boolean, rates: ChargeRates): number {
  const flat = multiplyRoundHalfUp(100, decimalFraction(rates.brokerage_per_trade));
  if (rates.brokerage_plan !== 'discount') return flat;
  if (!intraday) return 0;
  return Math.min(flat, multiplyRoundHalfUp(turnover, DISCOUNT_INTRADAY_BROKERAGE_RATE));
}
