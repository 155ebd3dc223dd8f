import type { Charges, OrderSide, PaperLimits } from '../broker-types';
import {
  type DecimalFraction,
  decimalFraction,
  divideFraction,
  multiplyRoundHalfUp,
} from './decimal-fraction';

/** One executed order as its contract note sees it: cash equity, delivery (CNC) on NSE. */
export interface ExecutedOrder {
  side: OrderSide;
  /** Whole shares, at least 1. */
  quantity: number;
  /** Paise per share. */
  price: number;
}

// Statutory rates, not editable in the paper limits; docs/decisions/0005-charges-model.md gives sources.
/** SEBI turnover fee: ₹10 per crore of turnover = 0.0001 %. */
export const SEBI_FEE_RATE: DecimalFraction = { numerator: 1n, denominator: 1_000_000n };
/** Stamp duty on delivery buys: 0.015 % (Indian Stamp Act as amended 2020, uniform across states). */
export const STAMP_DUTY_BUY_RATE: DecimalFraction = { numerator: 15n, denominator: 100_000n };
/** GST: 18 % of brokerage + exchange transaction charge + SEBI fee. */
export const GST_RATE: DecimalFraction = { numerator: 18n, denominator: 100n };

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
export function computeCharges(order: ExecutedOrder, limits: PaperLimits): Charges {
  const turnover = turnoverPaise(order);
  // Paper limits hold money in rupees; a flat fee per executed order, whatever its size.
  const brokerage = multiplyRoundHalfUp(100, decimalFraction(limits.brokerage_per_trade));
  // stt_rate is a fraction of turnover (0.001 = 0.1 %); delivery pays it on both sides.
  const stt = multiplyRoundHalfUp(turnover, decimalFraction(limits.stt_rate));
  // transaction_charges is a percentage (0.00345 = 0.00345 %), hence ÷ 100.
  const exchangeTransaction = multiplyRoundHalfUp(
    turnover,
    divideFraction(decimalFraction(limits.transaction_charges), 100n),
  );
  const sebiFee = multiplyRoundHalfUp(turnover, SEBI_FEE_RATE);
  const gst = multiplyRoundHalfUp(brokerage + exchangeTransaction + sebiFee, GST_RATE);
  const stampDuty = order.side === 'BUY' ? multiplyRoundHalfUp(turnover, STAMP_DUTY_BUY_RATE) : 0;
  const total = brokerage + stt + exchangeTransaction + sebiFee + gst + stampDuty;
  return { brokerage, stt, exchangeTransaction, sebiFee, gst, stampDuty, total };
}
