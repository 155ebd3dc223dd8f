/**
 * The Upstox `tag` of a live order: the algo identifier, then our order id (decision 0038). Upstox's
 * place-order API has no field for an algo id, so both travel in the tag, letters and digits only.
 */

/** What the algo setting holds until the exchange assigns one: the broker's generic id applies. */
export const GENERIC_ALGO_ID = 'GENERIC';

/** Our live order ids start so (LV + 16 hex digits), and nothing after that start contains it. */
const ORDER_ID_START = 'LV';

export function upstoxTag(orderId: string, algoId: string): string {
  return `${algoId}${orderId}`;
}

/**
 * Our order id in a tag, with or without an algo id before it: a tag written before algo ids
 * (just the order id) still names its order.
 */
export function orderIdFromTag(tag: string): string {
  const at = tag.lastIndexOf(ORDER_ID_START);
  return at > 0 ? tag.slice(at) : tag;
}

/** Upstox's order book rows by the order id their tag carries. */
export function rowsByOrderId<Row extends { tag?: string | null }>(rows: readonly Row[]): Map<string, Row> {
  return new Map(rows.filter((row) => row.tag).map((row) => [orderIdFromTag(row.tag!), row]));
}
