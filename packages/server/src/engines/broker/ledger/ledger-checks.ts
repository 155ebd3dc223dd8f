import type { Charges } from '../../../core/orders';
import { LedgerError } from './ledger-error';

const CHARGE_PARTS = ['brokerage', 'stt', 'exchangeTransaction', 'sebiFee', 'gst', 'stampDuty'] as const;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Paise as the trader reads them in a refusal: ₹1,23,456.78. */
export function rupees(paise: number): string {
  return inr.format(paise / 100);
}

export function requirePaise(value: number, what: string, { positive = false } = {}): void {
  if (!Number.isSafeInteger(value) || value < 0 || (positive && value === 0)) {
    throw new LedgerError(
      `${what} must be a whole number of paise${positive ? ' above zero' : ', not negative'}.`,
    );
  }
}

export function requireQuantity(value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new LedgerError('Quantity must be a whole number of shares above zero.');
  }
}

export function requireTimestamp(value: number): void {
  if (!Number.isSafeInteger(value)) throw new LedgerError('A timestamp must be whole epoch milliseconds.');
}

/** A contract note's lines: whole paise, none negative, and a total that is their sum. */
export function requireCharges(charges: Charges): void {
  let sum = 0;
  for (const part of CHARGE_PARTS) {
    requirePaise(charges[part], `The ${part} charge`);
    sum += charges[part];
  }
  requirePaise(charges.total, 'The charges total');
  if (sum !== charges.total) {
    throw new LedgerError(`Charges add up to ${rupees(sum)} but their total says ${rupees(charges.total)}.`);
  }
}

/** quantity × price, refusing a product too large to hold exactly. */
export function turnoverPaise(quantity: number, pricePaise: number): number {
  const turnover = quantity * pricePaise;
  if (!Number.isSafeInteger(turnover))
    throw new LedgerError('The trade value is too large to record exactly.');
  return turnover;
}
