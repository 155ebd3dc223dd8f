import { type Charges, DEFAULT_PRODUCT, type OrderSide, type Product } from '../../../core/orders';
import { DELIVERY_STAMP_BUY_RATE, INTRADAY_STAMP_BUY_RATE } from './charge-rates';
import { type ChargeRates, computeCharges } from './compute-charges';
import { decimalFraction, multiplyRoundHalfUp } from './decimal-fraction';

/** The position a sell takes shares from, as the contract note needs to know it. */
export interface HeldForNote {
  quantity: number;
  /** Paise paid for the shares held (price only, no charges). */
  costPaise: number;
  /** Whether the position was opened on the sell's IST trading day. */
  openedToday: boolean;
  /** Shares in the position that were bought intraday (product I). */
  intradayBought: number;
}

export interface FillNote {
  product: Product;
  charges: Charges;
}

/**
 * The contract note of one paper fill. A buy is charged as its order's product. A sell is charged
 * as the shares it sells: intraday only when the position was opened today and every share in it
 * was bought intraday; otherwise delivery. Intraday shares sold as delivery were carried overnight
 * (or mixed with delivery shares), so they converted: the sale also pays the buy's delivery top-up —
 * delivery STT on their cost and stamp 0.015 % − 0.003 % — what their buy note would have said as
 * delivery. docs/decisions/0027-intraday-charges.md.
 */
export function fillNote(
  order: { side: OrderSide; quantity: number; price: number; product?: Product },
  rates: ChargeRates,
  held?: HeldForNote,
): FillNote {
  if (order.side === 'BUY' || !held) {
    const product = order.product ?? DEFAULT_PRODUCT;
    return { product, charges: computeCharges({ ...order, product }, rates) };
  }
  const intraday = held.openedToday && held.intradayBought >= held.quantity;
  const product: Product = intraday ? 'I' : 'D';
  const charges = computeCharges({ ...order, product }, rates);
  const converted = Math.min(order.quantity, held.intradayBought);
  if (intraday || converted <= 0 || held.quantity <= 0) return { product, charges };
  const convertedCost = Math.round((held.costPaise * converted) / held.quantity);
  const stt = multiplyRoundHalfUp(convertedCost, decimalFraction(rates.stt_rate));
  const stamp =
    multiplyRoundHalfUp(convertedCost, DELIVERY_STAMP_BUY_RATE) -
    multiplyRoundHalfUp(convertedCost, INTRADAY_STAMP_BUY_RATE);
  return {
    product,
    charges: {
      ...charges,
      stt: charges.stt + stt,
      stampDuty: charges.stampDuty + stamp,
      total: charges.total + stt + stamp,
    },
  };
}
