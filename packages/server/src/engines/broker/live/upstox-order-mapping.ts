import type { Order, OrderStatus } from '../../../core/orders';
import type { UpstoxOrderRow, UpstoxTradeRow } from './upstox-order-shapes';

/** An order placed through Upstox: our order plus the id Upstox gave it (null until Upstox confirms). */
export interface LiveOrder extends Order {
  brokerOrderId: string | null;
  /** The algo identifier its Upstox tag carried; absent on orders read back from before a restart. */
  algoId?: string;
}

/** One execution of a live order, in paise. Charges are on Upstox's contract note, not in this feed. */
export interface LiveFill {
  id: string;
  orderId: string;
  brokerOrderId: string;
  symbol: string;
  side: Order['side'];
  quantity: number;
  price: number;
  ts: number;
}

const FILLED = new Set(['complete']);
const REJECTED = new Set(['rejected']);
const CANCELLED = new Set(['cancelled', 'cancelled after market order']);

/**
 * Upstox's order status in our four words. Everything not final (open, trigger pending, put order req
 * received, validation pending, modify pending, cancel pending, after market order req received, …)
 * is PENDING: a status we have never seen must not read as done.
 */
export function orderStatusFromUpstox(status: string): OrderStatus {
  const key = status.trim().toLowerCase();
  if (FILLED.has(key)) return 'FILLED';
  if (REJECTED.has(key)) return 'REJECTED';
  if (CANCELLED.has(key)) return 'CANCELLED';
  return 'PENDING';
}

/** Rupees (a JSON float such as 2500.05) to integer paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Paise to the rupee figure Upstox expects, exact to the paisa. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const IST_OFFSET_MS = 5.5 * 3_600_000;

/**
 * Upstox writes order and trade times in IST without a zone, as '2026-11-23 10:15:07' or
 * '23-Nov-2026 10:15:07'; anything with a zone is parsed as written. Null when unreadable.
 */
export function parseUpstoxTime(text: string | null | undefined): number | null {
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (iso) return istMs(+iso[1]!, +iso[2]! - 1, +iso[3]!, +iso[4]!, +iso[5]!, +iso[6]!);
  const named = /^(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  const month = named ? MONTHS[named[2]!.toLowerCase()] : undefined;
  if (named && month !== undefined) {
    return istMs(+named[3]!, month, +named[1]!, +named[4]!, +named[5]!, +named[6]!);
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

function istMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  return Date.UTC(y, mo, d, h, mi, s) - IST_OFFSET_MS;
}

/** The reason Upstox (or the exchange) gave for a rejection, as the trader should read it. */
export function rejectReasonFromUpstox(row: UpstoxOrderRow): string {
  const reason = row.status_message?.trim() || row.status_message_raw?.trim();
  return reason || 'Upstox rejected the order without giving a reason.';
}

/**
 * The order as Upstox now reports it. Executions, when present, give the filled quantity and the
 * volume-weighted price exactly; the order row's average_price is the fallback.
 */
export function applyUpstoxState(
  order: LiveOrder,
  row: UpstoxOrderRow,
  trades: readonly UpstoxTradeRow[],
  now: number,
): LiveOrder {
  const status = orderStatusFromUpstox(row.status);
  let filledQuantity = row.filled_quantity ?? 0;
  let averagePrice = row.average_price > 0 ? rupeesToPaise(row.average_price) : null;
  if (trades.length > 0) {
    filledQuantity = trades.reduce((sum, trade) => sum + trade.quantity, 0);
    const turnover = trades.reduce(
      (sum, trade) => sum + trade.quantity * rupeesToPaise(trade.average_price),
      0,
    );
    averagePrice = Math.round(turnover / filledQuantity);
  }
  const next: LiveOrder = {
    ...order,
    brokerOrderId: row.order_id,
    status,
    rejectReason: status === 'REJECTED' ? rejectReasonFromUpstox(row) : null,
    filledQuantity,
    averagePrice: filledQuantity > 0 ? averagePrice : null,
  };
  const changed =
    next.status !== order.status ||
    next.filledQuantity !== order.filledQuantity ||
    next.averagePrice !== order.averagePrice ||
    next.brokerOrderId !== order.brokerOrderId;
  return changed ? { ...next, updatedAt: now } : order;
}

/** Our record of each execution of an order we placed. */
export function fillsFromTrades(
  order: LiveOrder,
  trades: readonly UpstoxTradeRow[],
  now: number,
): LiveFill[] {
  return trades.map((trade) => ({
    id: trade.trade_id,
    orderId: order.id,
    brokerOrderId: trade.order_id,
    symbol: order.symbol,
    side: trade.transaction_type,
    quantity: trade.quantity,
    price: rupeesToPaise(trade.average_price),
    ts: parseUpstoxTime(trade.exchange_timestamp) ?? parseUpstoxTime(trade.order_timestamp) ?? now,
  }));
}
