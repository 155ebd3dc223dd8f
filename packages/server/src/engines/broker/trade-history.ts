import type { Trade, TradeRange, TradesExportQuery, TradesPage, TradesQuery } from '@td/contracts';
import { type OrderOrigin, originOfStrategy } from '../../core/order-audit';
import type { AccountId, Order } from '../../core/orders';
import { istMsOfDay } from '../../core/time/ist-time';
import type { Steps } from '../../core/time-slices';
import type { ChargeNote } from './ledger/charge-notes';
import type { LedgerReader, OrdersFilter } from './ledger/ledger-reader';

const DAY_MS = 86_400_000;
const rupees = (paise: number) => Math.round(paise) / 100;
const pct = (value: number) => Math.round(value * 100) / 100;

/** spec part 2 §2.4: today is the IST trading day so far; the others look back a fixed span. */
const RANGE_DAYS: Record<Exclude<TradeRange, 'today' | 'all'>, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

/** What the trade history reads: the ledger, the latest prices and the holdings count. */
export interface TradeHistorySource {
  ledger: Pick<
    LedgerReader,
    'orders' | 'ordersSummary' | 'strategies' | 'chargeNotes' | 'ordersBetween' | 'newestOrderRowid'
  >;
  account: AccountId;
  now: number;
  /** Last price in paise, if the feed has one. */
  mark: (symbol: string) => number | undefined;
  /** Holdings now; null when they cannot be read (live account not synced). */
  openPositions: () => number | null;
  /** The audit trail's origin of each order; an order it does not hold is named by its strategy. */
  origins?: (orderIds: readonly string[]) => Map<string, OrderOrigin>;
}

/** Epoch ms the range starts at, or undefined for all time. */
export function rangeStart(range: TradeRange, now: number): number | undefined {
  if (range === 'all') return undefined;
  if (range === 'today') return now - istMsOfDay(now);
  return now - RANGE_DAYS[range] * DAY_MS;
}

export function ordersFilterOf(query: TradesExportQuery, account: AccountId, now: number): OrdersFilter {
  return {
    account,
    status: query.status === 'all' ? undefined : query.status,
    search: query.search || undefined,
    side: query.side,
    strategy: query.strategy,
    from: rangeStart(query.range, now),
  };
}

/** One page of the history with the summary of every matching trade (spec part 2 §2.4). */
export function tradesPage(source: TradeHistorySource, query: TradesQuery): TradesPage {
  const filter = ordersFilterOf(query, source.account, source.now);
  const page = source.ledger.orders({
    ...filter,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const summary = source.ledger.ordersSummary(filter);
  const notes = source.ledger.chargeNotes(page.orders.map((order) => order.id));
  return {
    trades: tradesOf(source, page.orders, notes),
    total: page.total,
    page: query.page,
    page_size: query.page_size,
    summary: {
      total_trades: summary.total,
      filled: summary.filled,
      pending: summary.pending,
      closed_trades: summary.closed,
      win_rate: summary.closed > 0 ? pct((summary.wins / summary.closed) * 100) : null,
      total_pnl: rupees(summary.netPnlPaise),
      total_fees: rupees(summary.chargesPaise),
      open_positions: source.openPositions(),
    },
    strategies: source.ledger.strategies(source.account),
  };
}

/** Every trade matching the filters, newest first, for the CSV export. */
export function tradesForExport(source: TradeHistorySource, query: TradesExportQuery): Trade[] {
  const filter = ordersFilterOf(query, source.account, source.now);
  const { total } = source.ledger.ordersSummary(filter);
  const { orders } = source.ledger.orders({ ...filter, limit: Math.max(total, 1), offset: 0 });
  const notes = source.ledger.chargeNotes(orders.map((order) => order.id));
  return tradesOf(source, orders, notes);
}

/** Orders read per step by allTradeSteps (insight counts them in the background): 250 measured ~10 ms a step at load 8, 100 about 4. */
export const TRADE_PAGE = 100;

/**
 * Every trade of the account, OLDEST first, a range of order rowids per step (core/time-slices):
 * the same trades tradesForExport gives for status and range 'all', without one read of the whole
 * history on the event loop (about a second at 200,000 orders). For readers that count, not list:
 * given `visit`, each page is handed to it and none is kept (the result is empty), so 200,000 trades
 * are never held at once and the garbage collector's pauses stay short (decision 0048).
 */
export function* allTradeSteps(
  source: TradeHistorySource,
  page = TRADE_PAGE,
  visit?: (page: readonly Trade[]) => void,
): Steps<Trade[]> {
  const trades: Trade[] = [];
  const upTo = source.ledger.newestOrderRowid();
  for (let after = 0; after < upTo; after += page) {
    const orders = source.ledger.ordersBetween(source.account, after, Math.min(after + page, upTo));
    if (orders.length > 0) {
      const read = tradesOf(source, orders, source.ledger.chargeNotes(orders.map((o) => o.id)));
      if (visit) visit(read);
      else for (const trade of read) trades.push(trade);
    }
    yield;
  }
  return trades;
}

function tradesOf(
  source: TradeHistorySource,
  orders: readonly Order[],
  notes: Map<string, ChargeNote>,
): Trade[] {
  const origins = source.origins?.(orders.map((order) => order.id));
  return orders.map((order) =>
    toTrade(order, source.mark(order.symbol), notes.get(order.id), origins?.get(order.id)),
  );
}

/**
 * An order as the history shows it. A sell that sold something closed shares: its entry is their
 * average cost and its P&L is realised. A buy opens a position, so its exit is a later sell.
 */
export function toTrade(
  order: Order,
  markPaise: number | undefined,
  note?: ChargeNote,
  origin: OrderOrigin = originOfStrategy(order.strategy),
): Trade {
  const average = order.filledQuantity > 0 ? order.averagePrice : null;
  const closes = average !== null && order.side === 'SELL';
  const costPaise = closes ? average * order.filledQuantity - order.realisedPnlPaise : 0;
  const entryPaise = average === null ? null : closes ? costPaise / order.filledQuantity : average;
  return {
    id: order.id,
    symbol: order.symbol,
    side: order.side,
    order_type: order.type,
    quantity: order.quantity,
    price: order.averagePrice === null ? null : rupees(order.averagePrice),
    limit_price: order.limitPrice === null ? null : rupees(order.limitPrice),
    entry_price: entryPaise === null ? null : rupees(entryPaise),
    exit_price: closes ? rupees(average) : null,
    current_price: order.status !== 'FILLED' && markPaise !== undefined ? rupees(markPaise) : null,
    status: order.status,
    reject_reason: order.rejectReason,
    timestamp: new Date(order.createdAt).toISOString(),
    strategy: order.strategy,
    fees: rupees(order.chargesPaise),
    pnl: closes ? rupees(order.realisedPnlPaise) : null,
    pnl_percent: closes && costPaise > 0 ? pct((order.realisedPnlPaise / costPaise) * 100) : null,
    net_pnl: closes ? rupees(order.realisedPnlPaise - order.chargesPaise) : null,
    simulated_replay: order.simulatedReplay,
    product: note?.product ?? order.product,
    charges: note ? tradeCharges(note) : null,
    origin,
  };
}

/** The contract note's lines in rupees, under the names the trades screen and CSV use. */
function tradeCharges({ charges }: ChargeNote): NonNullable<Trade['charges']> {
  return {
    brokerage: rupees(charges.brokerage),
    stt: rupees(charges.stt),
    exchange: rupees(charges.exchangeTransaction),
    sebi: rupees(charges.sebiFee),
    stamp: rupees(charges.stampDuty),
    gst: rupees(charges.gst),
  };
}
