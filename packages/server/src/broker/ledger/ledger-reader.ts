import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { AccountId, Fill, Order, OrderStatus, PaperLimits, Position } from '../broker-types';
import { type ChargeNote, readChargeNotes, readIntradayBought } from './charge-notes';
import { LedgerError } from './ledger-error';
import {
  FILL_COLUMNS,
  type FillRow,
  fillFromRow,
  netRealisedPnlPaise,
  ORDER_COLUMNS,
  type OrderRow,
  orderFromRow,
  POSITION_COLUMNS,
  type PositionRow,
  positionFromRow,
} from './ledger-rows';
import { limitsFromJson } from './paper-limits-schema';

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

/** spec part 1 §3 "Activity item", in paise; the route adds action words and "time ago". */
export interface ActivityItem {
  id: string;
  side: Order['side'];
  symbol: string;
  quantity: number;
  price: number;
  value: number;
  timestamp: number;
}

export interface TradeStats {
  /** Sell orders that sold something (a closed or partly closed position). */
  trades: number;
  wins: number;
  losses: number;
  /** wins / trades, 0..1; null before the first closed trade. */
  winRate: number | null;
}

/** Every read of the ledger. Statements are prepared once per distinct SQL text. */
export class LedgerReader {
  private readonly statements = new Map<string, Statement>();

  constructor(protected readonly db: Db) {}

  protected readonly sql = (text: string): Statement => {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  };

  isOpen(account: AccountId): boolean {
    return this.sql('SELECT 1 FROM accounts WHERE id = ?').get(account) !== undefined;
  }

  /** The maintained cash balance, paise; always equal to entriesSum(account). */
  cashPaise(account: AccountId): number {
    const row = this.sql('SELECT cash_paise FROM accounts WHERE id = ?').get(account) as
      | { cash_paise: number }
      | undefined;
    if (!row) throw new LedgerError(`The ${account} account is not open.`);
    return row.cash_paise;
  }

  /** The sum of every ledger entry of the account: what cash must be, recomputed from history. */
  entriesSum(account: AccountId): number {
    const row = this.sql(
      'SELECT COALESCE(SUM(amount_paise), 0) AS total FROM ledger_entries WHERE account = ?',
    ).get(account) as { total: number };
    return row.total;
  }

  /** Open positions (quantity above zero), by symbol. */
  positions(account: AccountId): Position[] {
    const rows = this.sql(
      `SELECT ${POSITION_COLUMNS} FROM positions WHERE account = ? AND quantity > 0 ORDER BY symbol`,
    ).all(account) as PositionRow[];
    return rows.map(positionFromRow);
  }

  /** A symbol's position; a closed one (quantity 0) keeps its realised P&L until the account is reset. */
  position(account: AccountId, symbol: string): Position | undefined {
    const row = this.sql(`SELECT ${POSITION_COLUMNS} FROM positions WHERE account = ? AND symbol = ?`).get(
      account,
      symbol,
    ) as PositionRow | undefined;
    return row ? positionFromRow(row) : undefined;
  }

  /** Realised P&L (before charges) of every position since the last reset, open or closed. */
  realisedPnlPaise(account: AccountId): number {
    const row = this.sql(
      'SELECT COALESCE(SUM(realised_pnl_paise), 0) AS total FROM positions WHERE account = ?',
    ).get(account) as { total: number };
    return row.total;
  }

  order(id: string): Order | undefined {
    const row = this.sql(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`).get(id) as OrderRow | undefined;
    return row ? orderFromRow(row) : undefined;
  }

  orders(query: OrdersQuery): OrdersPage {
    if (!Number.isInteger(query.limit) || query.limit < 1)
      throw new LedgerError('A page holds at least one order.');
    if (!Number.isInteger(query.offset) || query.offset < 0)
      throw new LedgerError('A page cannot start before 0.');
    const { from, params } = ordersFrom(query);
    const { total } = this.sql(`SELECT COUNT(*) AS total FROM ${from}`).get(...params) as {
      total: number;
    };
    const rows = this.sql(
      `SELECT ${ORDER_COLUMNS} FROM ${from} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ).all(...params, query.limit, query.offset) as OrderRow[];
    return { orders: rows.map(orderFromRow), total };
  }

  /** Counts and sums over every order the filter matches, in one pass of SQLite. */
  ordersSummary(filter: OrdersFilter): OrdersSummary {
    const { from, params } = ordersFrom(filter);
    const closed = "side = 'SELL' AND filled_quantity > 0";
    const row = this.sql(
      `SELECT COUNT(*) AS total,
         COALESCE(SUM(status = 'FILLED'), 0) AS filled,
         COALESCE(SUM(status = 'PENDING'), 0) AS pending,
         COALESCE(SUM(${closed}), 0) AS closed,
         COALESCE(SUM(${closed} AND realised_pnl_paise - charges_paise > 0), 0) AS wins,
         COALESCE(SUM(realised_pnl_paise - charges_paise), 0) AS netPnlPaise,
         COALESCE(SUM(charges_paise), 0) AS chargesPaise
       FROM ${from}`,
    ).get(...params) as OrdersSummary;
    return row;
  }

  /** Every strategy the account has placed orders under, A to Z. */
  strategies(account: AccountId): string[] {
    const rows = this.sql('SELECT DISTINCT strategy FROM orders WHERE account = ? ORDER BY strategy').all(
      account,
    ) as { strategy: string }[];
    return rows.map((row) => row.strategy);
  }

  /** Each named order's charge lines summed over its fills (orders with no fill are absent). */
  chargeNotes(orderIds: readonly string[]): Map<string, ChargeNote> {
    return readChargeNotes(this.sql, orderIds);
  }

  /** Shares of a symbol bought intraday since `since`, epoch ms. */
  intradayBought(account: AccountId, symbol: string, since: number): number {
    return readIntradayBought(this.sql, account, symbol, since);
  }

  /** Fills in the order they happened: one order's, or every account's when no order is named. */
  fills(orderId?: string): Fill[] {
    const rows = (
      orderId === undefined
        ? this.sql(`SELECT ${FILL_COLUMNS} FROM fills ORDER BY ts, rowid`).all()
        : this.sql(`SELECT ${FILL_COLUMNS} FROM fills WHERE order_id = ? ORDER BY ts, rowid`).all(orderId)
    ) as FillRow[];
    return rows.map(fillFromRow);
  }

  /** The latest fills, newest first (spec part 1 §3 "Activity item"). */
  recentActivity(account: AccountId, limit: number): ActivityItem[] {
    const rows = this.sql(
      'SELECT id, side, symbol, quantity, price_paise, ts FROM fills WHERE account = ? ORDER BY ts DESC, rowid DESC LIMIT ?',
    ).all(account, limit) as Pick<FillRow, 'id' | 'side' | 'symbol' | 'quantity' | 'price_paise' | 'ts'>[];
    return rows.map((row) => ({
      id: row.id,
      side: row.side,
      symbol: row.symbol,
      quantity: row.quantity,
      price: row.price_paise,
      value: row.quantity * row.price_paise,
      timestamp: row.ts,
    }));
  }

  /**
   * Closed trades placed in [from, to): sell orders that sold something, a win when their realised
   * P&L net of the sell's charges is above zero, a loss when below (break-even is neither).
   */
  tradeStats(account: AccountId, from = Number.MIN_SAFE_INTEGER, to = Number.MAX_SAFE_INTEGER): TradeStats {
    const rows = this.sql(
      `SELECT realised_pnl_paise, charges_paise FROM orders
       WHERE account = ? AND side = 'SELL' AND filled_quantity > 0 AND created_at >= ? AND created_at < ?`,
    ).all(account, from, to) as Pick<OrderRow, 'realised_pnl_paise' | 'charges_paise'>[];
    let wins = 0;
    let losses = 0;
    for (const row of rows) {
      const net = netRealisedPnlPaise({
        realisedPnlPaise: row.realised_pnl_paise,
        chargesPaise: row.charges_paise,
      });
      if (net > 0) wins += 1;
      else if (net < 0) losses += 1;
    }
    return { trades: rows.length, wins, losses, winRate: rows.length > 0 ? wins / rows.length : null };
  }

  /** The equity recorded at the day's first look (IST date 'YYYY-MM-DD'), if any. */
  openingEquity(account: AccountId, date: string): number | undefined {
    const row = this.sql('SELECT opening_equity_paise FROM daily_equity WHERE account = ? AND date = ?').get(
      account,
      date,
    ) as { opening_equity_paise: number } | undefined;
    return row?.opening_equity_paise;
  }

  /** The earliest opening equity recorded on or after an IST date: "a month ago" when the account is younger. */
  openingEquityOnOrAfter(
    account: AccountId,
    date: string,
  ): { date: string; equityPaise: number } | undefined {
    const row = this.sql(
      'SELECT date, opening_equity_paise FROM daily_equity WHERE account = ? AND date >= ? ORDER BY date LIMIT 1',
    ).get(account, date) as { date: string; opening_equity_paise: number } | undefined;
    return row ? { date: row.date, equityPaise: row.opening_equity_paise } : undefined;
  }

  /** The account's paper limits, the spec's defaults until someone edits them. */
  limits(account: AccountId): PaperLimits {
    const row = this.sql('SELECT limits_json FROM paper_limits WHERE account = ?').get(account) as
      | { limits_json: string }
      | undefined;
    return limitsFromJson(row?.limits_json);
  }
}

/** LIKE treats % and _ as wildcards; a search for "A_B" means those three characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE clause and its parameters for a filter; every value is bound, never spliced in. */
/**
 * The FROM and WHERE of an orders query. Pending orders are found through the partial index
 * orders_pending, named so that the planner never walks every order of the account instead (it has
 * no statistics to tell that only a handful are pending); PENDING is written as a literal, which the
 * partial index needs.
 */
function ordersFrom(filter: OrdersFilter): { from: string; params: (string | number)[] } {
  const clauses = ['account = ?'];
  const params: (string | number)[] = [filter.account];
  const add = (clause: string, ...values: (string | number)[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  const statuses = filter.status === undefined ? [] : ([] as OrderStatus[]).concat(filter.status);
  const pendingOnly = statuses.length === 1 && statuses[0] === 'PENDING';
  if (pendingOnly) add("status = 'PENDING'");
  else if (statuses.length > 0) add(`status IN (${statuses.map(() => '?').join(', ')})`, ...statuses);
  if (filter.symbol !== undefined) add('symbol = ?', filter.symbol);
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // SQLite's LIKE ignores ASCII case, which is all that symbols and UUIDs hold.
    add("(symbol LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')", pattern, pattern);
  }
  if (filter.side !== undefined) add('side = ?', filter.side);
  if (filter.strategy !== undefined) add('strategy = ?', filter.strategy);
  if (filter.from !== undefined) add('created_at >= ?', filter.from);
  if (filter.to !== undefined) add('created_at < ?', filter.to);
  const table = pendingOnly ? 'orders INDEXED BY orders_pending' : 'orders';
  return { from: `${table} WHERE ${clauses.join(' AND ')}`, params };
}
