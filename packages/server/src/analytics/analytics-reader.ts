import type { AccountId } from '../broker/broker-types';
import type { Db } from '../db/database';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import type { AnalyticsFill } from './round-trips';

/**
 * The only part of the analytics that reads: the account's capital, deposits and fills from the ledger,
 * and session closes from the market engine. Everything it returns is plain data.
 */
export class AnalyticsReader {
  private readonly closesBySymbol = new Map<string, ReadonlyMap<string, number> | undefined>();

  constructor(
    private readonly db: Db,
    private readonly market: MarketDataService,
    private readonly now: () => number,
  ) {}

  /** Whether the active feed is the market simulator. */
  simulatedFeed(): boolean {
    return this.market.activeProvider.health().source === 'simulator';
  }

  today(): string {
    return istDateOf(this.now());
  }

  nowMs(): number {
    return this.now();
  }

  livePrice = (symbol: string): number | undefined => this.market.lastPrice(symbol);

  /** True when the replayed history put any order in the account (its prices are the simulator's). */
  hasReplayedOrders(account: AccountId): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM orders WHERE account = ? AND simulated_replay = 1 LIMIT 1')
        .get(account) !== undefined
    );
  }

  /** The newest ledger entry id and fill rowid (any account): when neither moved, nothing did. */
  newest(): { entryId: number; fillRowid: number } {
    const row = this.db
      .prepare('SELECT (SELECT MAX(id) FROM ledger_entries) AS entry, (SELECT MAX(rowid) FROM fills) AS fill')
      .get() as { entry: number | null; fill: number | null };
    return { entryId: row.entry ?? 0, fillRowid: row.fill ?? 0 };
  }

  /**
   * The latest opening balance or reset with an id in (afterId, upToId], where the account's figures
   * start again; by rowid range, so after a small change only the new rows are looked at.
   */
  baselineBetween(account: AccountId, afterId: number, upToId: number): Baseline | undefined {
    return this.db
      .prepare(
        `SELECT id, ts, kind FROM ledger_entries NOT INDEXED
         WHERE id > ? AND id <= ? AND account = ? AND kind IN ('opening_balance', 'reset') ORDER BY id DESC LIMIT 1`,
      )
      .get(afterId, upToId, account) as Baseline | undefined;
  }

  capitalAt(account: AccountId, baselineId: number): number {
    const { capital } = this.db
      .prepare(
        'SELECT COALESCE(SUM(amount_paise), 0) AS capital FROM ledger_entries WHERE account = ? AND id <= ?',
      )
      .get(account, baselineId) as { capital: number };
    return capital;
  }

  /** Deposits and withdrawals with an id in (afterId, upToId]; by rowid range, not by scanning the account. */
  flowsBetween(account: AccountId, afterId: number, upToId: number): { ts: number; amountPaise: number }[] {
    return this.db
      .prepare(
        `SELECT ts, amount_paise AS amountPaise FROM ledger_entries NOT INDEXED
         WHERE id > ? AND id <= ? AND account = ? AND kind = 'balance_adjustment' ORDER BY id`,
      )
      .all(afterId, upToId, account) as { ts: number; amountPaise: number }[];
  }

  /** Fills with a rowid in (afterRowid, upToRowid] at or after `sinceTs`, with their order's strategy, in time order. */
  fillsBetween(account: AccountId, afterRowid: number, upToRowid: number, sinceTs: number): AnalyticsFill[] {
    return this.db
      .prepare(
        `SELECT f.symbol, f.side, f.quantity, f.price_paise AS pricePaise, f.charges_paise AS chargesPaise,
                f.ts, o.strategy
         FROM fills f NOT INDEXED JOIN orders o ON o.id = f.order_id
         WHERE f.rowid > ? AND f.rowid <= ? AND f.account = ? AND f.ts >= ? ORDER BY f.ts, f.rowid`,
      )
      .all(afterRowid, upToRowid, account, sinceTs) as AnalyticsFill[];
  }

  isSession = (date: string): boolean => {
    try {
      return this.market.clock.isTradingDay(date);
    } catch {
      return false;
    }
  };

  /**
   * The simulator's generated session closes (fixed for the process's life), by IST date. With a real
   * feed they are not the account's prices: holdings are then marked at their own fills and the live price.
   */
  closes = (symbol: string): ReadonlyMap<string, number> | undefined => {
    if (!this.simulatedFeed()) return undefined;
    if (this.closesBySymbol.has(symbol)) return this.closesBySymbol.get(symbol);
    let closes: Map<string, number> | undefined;
    try {
      closes = new Map(
        this.market.history.dailyBars(symbol).map((bar) => [istDateOf(bar.openTime), bar.close]),
      );
    } catch {
      closes = undefined; // not a simulated symbol: its marks come from its own fills
    }
    this.closesBySymbol.set(symbol, closes);
    return closes;
  };
}

export interface Baseline {
  id: number;
  ts: number;
  kind: 'opening_balance' | 'reset';
}

/**
 * The first instant whose fills count. After a reset, its own time; after the opening balance, any:
 * the history replay books past sessions into a new account, stamped before its opening.
 */
export const fillsSince = (baseline: Baseline) =>
  baseline.kind === 'reset' ? baseline.ts : Number.MIN_SAFE_INTEGER;

export interface LedgerPosition {
  baseline: Baseline | null;
  /** The newest ledger entry id and fill rowid (any account). */
  entryId: number;
  fillRowid: number;
}
