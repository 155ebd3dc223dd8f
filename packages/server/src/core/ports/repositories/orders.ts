import type { AccountId, Order, OrderStatus } from '../../orders';

export interface OrdersFilter {
  account: AccountId;
  /** One status, or any of several. */
  status?: OrderStatus | readonly OrderStatus[];
  /** Exact symbol. */
  symbol?: string;
  /** A case-insensitive part of the symbol or of the order ID. */
  search?: string;
  side?: Order['side'];
  strategy?: string;
  /** Epoch ms, inclusive, on the order's creation time. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
}

export interface OrdersQuery extends OrdersFilter {
  limit: number;
  offset: number;
}

/** Totals over every order a filter matches, in paise. */
export interface OrdersSummary {
  total: number;
  filled: number;
  pending: number;
  /** Sells that sold something: closed (or partly closed) positions. */
  closed: number;
  /** Closed trades whose realised P&L net of their charges is above zero. */
  wins: number;
  /** Realised P&L less charges, over every matching order (buys' charges count too). */
  netPnlPaise: number;
  chargesPaise: number;
}

export interface OrdersPage {
  /** Newest first. */
  orders: Order[];
  /** How many orders match the filter, for paging. */
  total: number;
}

/** A live order as the ledger keeps it: the order, and the id Upstox gave it (null until confirmed). */
export interface LiveOrderRecord extends Order {
  brokerOrderId: string | null;
}

/** What a fill adds to its order's running totals. */
export interface OrderFillTotals {
  filledQuantity: number;
  averagePrice: number | null;
  /** Added to the order's charges and realised P&L so far. */
  addedChargesPaise: number;
  addedRealisedPnlPaise: number;
  status: Extract<OrderStatus, 'PENDING' | 'FILLED'>;
  updatedAt: number;
}

/**
 * The orders of every account, and the Upstox ids of live ones. Writes join the caller's
 * UnitOfWork; none checks a business rule (the ledger does, before it writes).
 */
export interface OrdersRepository {
  /**
   * Throws DuplicateIdempotencyKeyError (core/idempotency) and writes nothing when the account
   * already holds an order under the order's idempotency key; the unique index decides, so this
   * holds across connections and instances.
   */
  insert(order: Order): void;
  order(id: string): Order | undefined;
  /** The account's order placed under `idempotencyKey`, if any. */
  orderByKey(account: AccountId, idempotencyKey: string): Order | undefined;
  /** A page of the orders a query matches, newest first, with the count of all of them. */
  page(query: OrdersQuery): OrdersPage;
  summary(filter: OrdersFilter): OrdersSummary;
  /** The account's orders with a rowid in (after, upTo], in rowid order: a long read a range at a time. */
  between(account: AccountId, afterRowid: number, upToRowid: number): Order[];
  /** The newest order's rowid (any account), 0 before the first. */
  newestRowid(): number;
  /** Every strategy the account has placed orders under, A to Z. */
  strategies(account: AccountId): string[];
  /** The ids of the account's PENDING orders. */
  pendingOrderIds(account: AccountId): string[];
  /** Ends every PENDING order of the account as CANCELLED with `reason`. */
  cancelPending(account: AccountId, reason: string, updatedAt: number): void;
  /** Ends one order with a status and reason (the caller has checked that it is pending). */
  setStatus(id: string, status: OrderStatus, reason: string | null, updatedAt: number): void;
  addFill(id: string, totals: OrderFillTotals): void;
  /**
   * The sells placed in [from, to) that sold something, counted by the store (one row back, not one
   * per trade): wins and losses by realised P&L net of the sell's charges, break-even neither.
   */
  closedTradeCounts(
    account: AccountId,
    from: number,
    to: number,
  ): { trades: number; wins: number; losses: number };
  /** Whether the history replay put any order in the account. */
  hasReplayedOrders(account: AccountId): boolean;
  /** Brings a live order to what Upstox reports; false when there is no such live order. */
  updateLiveOrder(order: LiveOrderRecord): boolean;
  /** The live orders still PENDING, oldest first, each with its Upstox id when known. */
  pendingLiveOrders(): LiveOrderRecord[];
  setBrokerOrderId(orderId: string, brokerOrderId: string): void;
}
