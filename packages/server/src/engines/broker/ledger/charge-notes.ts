import type { Charges, Product } from '../../../core/orders';
import type { FillCharges } from '../../../core/ports/repositories/ledger';

/** An order's contract notes summed over its fills, and what they were charged as. */
export interface ChargeNote {
  /** Delivery when any fill was (a sell of shares held overnight), else intraday. */
  product: Product;
  charges: Charges;
}

const LINES = ['brokerage', 'stt', 'exchangeTransaction', 'sebiFee', 'gst', 'stampDuty', 'total'] as const;

/** Each order's fills' charge lines summed, from its fills' charges in the order they happened. */
export function sumChargeNotes(fills: readonly FillCharges[]): Map<string, ChargeNote> {
  const notes = new Map<string, ChargeNote>();
  for (const fill of fills) {
    const note = notes.get(fill.orderId);
    if (!note) {
      notes.set(fill.orderId, { product: fill.product, charges: { ...fill.charges } });
      continue;
    }
    if (fill.product === 'D') note.product = 'D';
    for (const line of LINES) note.charges[line] += fill.charges[line];
  }
  return notes;
}
