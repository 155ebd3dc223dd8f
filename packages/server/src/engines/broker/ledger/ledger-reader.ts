import type { AccountId, Fill, Order, PaperLimits, Position } from '../../../core/orders';
import type { LedgerRepository } from '../../../core/ports/repositories/ledger';
import type {
  OrdersFilter,
  OrdersPage,
  OrdersQuery,
  OrdersRepository,
  OrdersSummary,
} from '../../../core/ports/repositories/orders';
import { type ChargeNote, sumChargeNotes } from './charge-notes';
import { LedgerError } from './ledger-error';
import { limitsFromJson } from './paper-limits-schema';

export type { OrdersFilter, OrdersPage, OrdersQuery, OrdersSummary };

/** The repositories the ledger reads and writes through (storage/sqlite/ledger-storage.ts builds them). */
export interface LedgerRepositories {
  ledgerRepo: LedgerRepository;
  ordersRepo: OrdersRepository;
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

/** Every read of the ledger, through its repositories. */
export class LedgerReader {
  protected readonly ledgerRepo: LedgerRepository;
  protected readonly ordersRepo: OrdersRepository;

  constructor(repositories: LedgerRepositories) {
    this.ledgerRepo = repositories.ledgerRepo;
    this.ordersRepo = repositories.ordersRepo;
  }

  isOpen(account: AccountId): boolean {
    return this.ledgerRepo.accountExists(account);
  }

  /** The maintained cash balance, paise; always equal to entriesSum(account). */
  cashPaise(account: AccountId): number {
    const cash = this.ledgerRepo.cashPaise(account);
    if (cash === undefined) throw new LedgerError(`The ${account} account is not open.`);
    return cash;
  }

  /** The sum of every ledger entry of the account: what cash must be, recomputed from history. */
  entriesSum(account: AccountId): number {
    return this.ledgerRepo.entriesSum(account);
  }

  /** Open positions (quantity above zero), by symbol. */
  positions(account: AccountId): Position[] {
    return this.ledgerRepo.openPositions(account);
  }

  /** A symbol's position; a closed one (quantity 0) keeps its realised P&L until the account is reset. */
  position(account: AccountId, symbol: string): Position | undefined {
    return this.ledgerRepo.position(account, symbol);
  }

  /** Realised P&L (before charges) of every position since the last reset, open or closed. */
  realisedPnlPaise(account: AccountId): number {
    return this.ledgerRepo.realisedPnlPaise(account);
  }

  order(id: string): Order | undefined {
    return this.ordersRepo.order(id);
  }

  /** The account's order placed under an idempotency key, if any. */
  orderByKey(account: AccountId, idempotencyKey: string): Order | undefined {
    return this.ordersRepo.orderByKey(account, idempotencyKey);
  }

  orders(query: OrdersQuery): OrdersPage {
    if (!Number.isInteger(query.limit) || query.limit < 1)
      throw new LedgerError('A page holds at least one order.');
    if (!Number.isInteger(query.offset) || query.offset < 0)
      throw new LedgerError('A page cannot start before 0.');
    return this.ordersRepo.page(query);
  }

  /** Counts and sums over every order the filter matches. */
  ordersSummary(filter: OrdersFilter): OrdersSummary {
    return this.ordersRepo.summary(filter);
  }

  /** The account's orders with a rowid in (after, upTo], oldest first; newestOrderRowid() bounds a whole read. */
  ordersBetween(account: AccountId, afterRowid: number, upToRowid: number): Order[] {
    return this.ordersRepo.between(account, afterRowid, upToRowid);
  }

  newestOrderRowid(): number {
    return this.ordersRepo.newestRowid();
  }

  /** Every strategy the account has placed orders under, A to Z. */
  strategies(account: AccountId): string[] {
    return this.ordersRepo.strategies(account);
  }

  /** Each named order's charge lines summed over its fills (orders with no fill are absent). */
  chargeNotes(orderIds: readonly string[]): Map<string, ChargeNote> {
    return sumChargeNotes(this.ledgerRepo.fillCharges(orderIds));
  }

  /** Shares of a symbol bought intraday since `since`, epoch ms. */
  intradayBought(account: AccountId, symbol: string, since: number): number {
    return this.ledgerRepo.intradayBought(account, symbol, since);
  }

  /** Fills in the order they happened: one order's, or every account's when no order is named. */
  fills(orderId?: string): Fill[] {
    return this.ledgerRepo.fills(orderId);
  }

  /** The latest fills, newest first (spec part 1 §3 "Activity item"). */
  recentActivity(account: AccountId, limit: number): ActivityItem[] {
    return this.ledgerRepo.recentFills(account, limit).map((fill) => ({
      id: fill.id,
      side: fill.side,
      symbol: fill.symbol,
      quantity: fill.quantity,
      price: fill.price,
      value: fill.quantity * fill.price,
      timestamp: fill.ts,
    }));
  }

  /**
   * Closed trades placed in [from, to): sell orders that sold something, a win when their realised
   * P&L net of the sell's charges is above zero, a loss when below (break-even is neither).
   */
  tradeStats(account: AccountId, from = Number.MIN_SAFE_INTEGER, to = Number.MAX_SAFE_INTEGER): TradeStats {
    const { trades, wins, losses } = this.ordersRepo.closedTradeCounts(account, from, to);
    return { trades, wins, losses, winRate: trades > 0 ? wins / trades : null };
  }

  /** The equity recorded at the day's first look (IST date 'YYYY-MM-DD'), if any. */
  openingEquity(account: AccountId, date: string): number | undefined {
    return this.ledgerRepo.openingEquity(account, date);
  }

  /** The earliest opening equity recorded on or after an IST date: "a month ago" when the account is younger. */
  openingEquityOnOrAfter(
    account: AccountId,
    date: string,
  ): { date: string; equityPaise: number } | undefined {
    return this.ledgerRepo.openingEquityOnOrAfter(account, date);
  }

  /** The account's paper limits, the spec's defaults until someone edits them. */
  limits(account: AccountId): PaperLimits {
    return limitsFromJson(this.ledgerRepo.paperLimitsJson(account));
  }
}
