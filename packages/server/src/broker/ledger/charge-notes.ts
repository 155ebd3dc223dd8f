import type { Statement } from 'better-sqlite3';
import type { Charges, Product } from '../broker-types';

/** An order's contract notes summed over its fills, and what they were charged as. */
export interface ChargeNote {
  /** Delivery when any fill was (a sell of shares held overnight), else intraday. */
  product: Product;
  charges: Charges;
}

const LINES = ['brokerage', 'stt', 'exchangeTransaction', 'sebiFee', 'gst', 'stampDuty', 'total'] as const;

/** The charge lines of each named order that has fills, read in one query. */
export function readChargeNotes(
  sql: (text: string) => Statement,
  orderIds: readonly string[],
): Map<string, ChargeNote> {
  const notes = new Map<string, ChargeNote>();
  if (orderIds.length === 0) return notes;
  const rows = sql(
    `SELECT order_id, product, charges_json FROM fills WHERE order_id IN (${orderIds.map(() => '?').join(', ')})
     ORDER BY ts, rowid`,
  ).all(...orderIds) as { order_id: string; product: Product; charges_json: string }[];
  for (const row of rows) {
    const charges = JSON.parse(row.charges_json) as Charges;
    const note = notes.get(row.order_id);
    if (!note) {
      notes.set(row.order_id, { product: row.product, charges });
      continue;
    }
    if (row.product === 'D') note.product = 'D';
    for (const line of LINES) note.charges[line] += charges[line];
  }
  return notes;
}

/** Shares of `symbol` bought intraday since `since` (a position's opening): those a delivery sale converts. */
export function readIntradayBought(
  sql: (text: string) => Statement,
  account: string,
  symbol: string,
  since: number,
): number {
  const row = sql(
    `SELECT COALESCE(SUM(quantity), 0) AS bought FROM fills
     WHERE account = ? AND symbol = ? AND side = 'BUY' AND product = 'I' AND ts >= ?`,
  ).get(account, symbol, since) as { bought: number };
  return row.bought;
}
