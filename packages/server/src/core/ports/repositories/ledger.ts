import type { AccountId, Charges, Fill, Position, Product } from '../../orders';

export type EntryKind = 'opening_balance' | 'balance_adjustment' | 'buy' | 'sell' | 'charges' | 'reset';

/** What a cash entry points at: the order and fill that moved the money, or a note for a manual change. */
export interface EntryRefs {
  orderId?: string;
  fillId?: string;
  note?: string;
}

/** One fill's charge lines and what it was charged as. */
export interface FillCharges {
  orderId: string;
  product: Product;
  charges: Charges;
}

/** A fill with the strategy recorded on its order, as the analytics and the phase engine read it. */
export interface StrategyFill {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: number;
  chargesPaise: number;
  ts: number;
  strategy: string;
}

/** Where an account's figures start again: its opening balance or its latest reset. */
export interface LedgerBaseline {
  id: number;
  ts: number;
  kind: 'opening_balance' | 'reset';
}

/**
 * The book the ledger keeps per account: cash as signed entries with a maintained balance,
 * positions at cost, fills, the daily opening equity and the paper limits. Money in paise, times
 * in epoch ms, dates as IST 'YYYY-MM-DD'. Writes join the caller's UnitOfWork; none checks a
 * business rule (the ledger does, before it writes).
 */
export interface LedgerRepository {
  accountExists(account: AccountId): boolean;
  /** Opens an account with no cash: its opening balance is an entry posted after. */
  createAccount(account: AccountId, createdAt: number): void;
  /** The live account's empty row, created on first use (Upstox holds its money); nothing once it exists. */
  ensureLiveAccount(createdAt: number): void;
  /** The maintained balance; undefined when the account is not open. */
  cashPaise(account: AccountId): number | undefined;
  /** Appends the entries of one event and moves the balance by their sum, so cash stays their total. */
  postEntries(
    account: AccountId,
    entries: readonly (readonly [EntryKind, number])[],
    ts: number,
    refs: EntryRefs,
  ): void;
  /** The sum of every entry of the account: what cash must be, recomputed from history. */
  entriesSum(account: AccountId): number;

  /** Open positions (quantity above zero), by symbol. */
  openPositions(account: AccountId): Position[];
  /** A symbol's position, closed ones (quantity 0) included. */
  position(account: AccountId, symbol: string): Position | undefined;
  /** Realised P&L of every position of the account, open or closed. */
  realisedPnlPaise(account: AccountId): number;
  /** Adds bought shares and their cost; a closed position reopens at `ts`. */
  addToPosition(
    account: AccountId,
    symbol: string,
    buy: { quantity: number; costPaise: number; ts: number },
  ): void;
  /** Takes sold shares, the cost they carried and the P&L they realised. */
  takeFromPosition(
    account: AccountId,
    symbol: string,
    sale: { quantity: number; costPaise: number; realisedPnlPaise: number; ts: number },
  ): void;
  removePositions(account: AccountId): void;

  insertFill(account: AccountId, fill: Fill): void;
  /** Fills in the order they happened: one order's, or every account's when no order is named. */
  fills(orderId?: string): Fill[];
  /** Σ quantity × price over an order's fills. */
  tradedPaise(orderId: string): number;
  /** The charges of the named orders' fills, in the order they happened. */
  fillCharges(orderIds: readonly string[]): FillCharges[];
  /** Shares of a symbol bought intraday at or after `since`. */
  intradayBought(account: AccountId, symbol: string, since: number): number;
  /** The latest fills, newest first. */
  recentFills(
    account: AccountId,
    limit: number,
  ): Pick<Fill, 'id' | 'side' | 'symbol' | 'quantity' | 'price' | 'ts'>[];

  openingEquity(account: AccountId, date: string): number | undefined;
  /** The earliest opening equity recorded on or after a date. */
  openingEquityOnOrAfter(account: AccountId, date: string): { date: string; equityPaise: number } | undefined;
  /** Keeps the first equity recorded for a date; a later one changes nothing. */
  recordOpeningEquity(account: AccountId, date: string, equityPaise: number): void;
  /** Moves a date's opening equity by money put in or taken out. */
  shiftOpeningEquity(account: AccountId, date: string, deltaPaise: number): void;
  removeOpeningEquities(account: AccountId): void;

  /** The account's paper limits as the JSON text stored, undefined until edited; the ledger parses it. */
  paperLimitsJson(account: AccountId): string | undefined;
  savePaperLimitsJson(account: AccountId, json: string, updatedAt: number): void;
}

/**
 * Reports over the ledger for the analytics, the loss windows and the phase engine. The "newest"
 * ids are positions in the ledger's history (any account): when they have not moved, nothing has.
 */
export interface LedgerReadRepository {
  newest(): { entryId: number; fillRowid: number };
  /** The newest fill's position; 0 before the first. */
  newestFill(): number;
  /** The latest opening balance or reset with an id in (afterId, upToId]. */
  baselineBetween(account: AccountId, afterId: number, upToId: number): LedgerBaseline | undefined;
  /** When the account's figures last started again (opening balance or reset), epoch ms. */
  lastBaselineAt(account: AccountId): number | null;
  /** What the trader has put in: the latest opening balance or reset, plus every balance edit after it. */
  capitalPaise(account: AccountId): number;
  /** The sum of the account's entries up to and including `entryId`. */
  capitalAt(account: AccountId, entryId: number): number;
  /** The sum of the account's entries with an id in (afterId, upToId]: capitalAt read a range at a time. */
  amountBetween(account: AccountId, afterId: number, upToId: number): number;
  /** Balance edits with an id in (afterId, upToId], in the order made. */
  depositsBetween(account: AccountId, afterId: number, upToId: number): { ts: number; amountPaise: number }[];
  /** Balance edits (deposits positive) at or after `since`. */
  depositsSince(account: AccountId, since: number): number;
  /** Balance edits and resets at or after `since`: money moved, not gained or lost. */
  moneyMovedSince(account: AccountId, since: number): number;
  /** The time of the latest balance edit or reset, null without one. */
  lastMoneyMovedAt(account: AccountId): number | null;
  /** The earliest opening equity recorded on or after a date. */
  openingEquityOnOrAfter(account: AccountId, date: string): { date: string; equityPaise: number } | undefined;
  /** The highest opening equity recorded on or after a date, null without one. */
  peakOpeningEquitySince(account: AccountId, date: string): number | null;
  /** Fills with a position in (afterRowid, upToRowid] at or after `since`, with their strategy, in time order. */
  fillsBetween(account: AccountId, afterRowid: number, upToRowid: number, since: number): StrategyFill[];
  /** The account's fills at or after `since`, with their strategy, in time order. */
  fillsSince(account: AccountId, since: number): StrategyFill[];
}
