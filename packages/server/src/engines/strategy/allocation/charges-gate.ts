import type { PaperLimits } from '../../../core/orders';
import { computeCharges } from '../../broker/charges';
import { formatRupeesForMessage as rupees } from '../../broker/limits';

/** The charges model an entry is weighed with, and the most its round trip may cost. */
export interface ChargesGate {
  rates: PaperLimits;
  /** Percent of the entry's value, e.g. 0.5. */
  maxPercent: number;
}

/**
 * Buying `quantity` at `pricePaise` and selling it again at the same price the same day: what the
 * two intraday contract notes charge (the loop squares off by the session end).
 */
export function roundTripChargesPaise(rates: PaperLimits, quantity: number, pricePaise: number): number {
  const buy = computeCharges({ side: 'BUY', quantity, price: pricePaise, product: 'I' }, rates);
  const sell = computeCharges({ side: 'SELL', quantity, price: pricePaise, product: 'I' }, rates);
  return buy.total + sell.total;
}

/**
 * The smallest order value whose round trip costs at most `maxPercent` of it: the fixed part
 * (brokerage and its GST, both sides) over what the cap leaves after the charges that scale with
 * value (STT, exchange, SEBI, stamp). Infinity when those alone exceed the cap.
 */
export function minimumEconomicOrderPaise(gate: ChargesGate): number {
  const probe = 1_00_00_000_00; // ₹1 crore: big enough that rounding to the paisa does not matter
  const fixed = roundTripChargesPaise(gate.rates, 1, 0);
  const variableRate = (roundTripChargesPaise(gate.rates, 1, probe) - fixed) / probe;
  const room = gate.maxPercent / 100 - variableRate;
  if (!(room > 0)) return Number.POSITIVE_INFINITY;
  return Math.ceil(fixed / room);
}

/** Why an entry is refused on its charges, or null when they are within the cap. */
export function chargesRefusal(gate: ChargesGate, quantity: number, pricePaise: number): string | null {
  const value = quantity * pricePaise;
  const charges = roundTripChargesPaise(gate.rates, quantity, pricePaise);
  if (charges * 100 <= gate.maxPercent * value) return null;
  const share = value > 0 ? (charges / value) * 100 : Number.POSITIVE_INFINITY;
  return `round-trip charges ${rupees(Math.round(charges / 100) * 100)} are ${share.toFixed(2)} % of ${rupees(value)}, over the ${gate.maxPercent} % cap`;
}
