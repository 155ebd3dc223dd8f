import type { AccountId } from '../../core/orders';
import type { LedgerBaseline, LedgerReadRepository } from '../../core/ports/repositories/ledger';
import type { OrdersRepository } from '../../core/ports/repositories/orders';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import type { AnalyticsFill } from './round-trips';

/** What the analytics read of the ledger. */
export type AnalyticsLedgerReads = Pick<
  LedgerReadRepository,
  'newest' | 'baselineBetween' | 'capitalAt' | 'amountBetween' | 'depositsBetween' | 'fillsBetween'
>;

/**
 * The only part of the analytics that reads: the account's capital, deposits and fills from the ledger,
 * and session closes from the market engine. Everything it returns is plain data.
 */
export class AnalyticsReader {
  private readonly closesBySymbol = new Map<string, ReadonlyMap<string, number> | undefined>();

  constructor(
    private readonly ledger: AnalyticsLedgerReads,
    private readonly orders: Pick<OrdersRepository, 'hasReplayedOrders'>,
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
    return this.orders.hasReplayedOrders(account);
  }

  /** The newest ledger entry id and fill rowid (any account): when neither moved, nothing did. */
  newest(): { entryId: number; fillRowid: number } {
    return this.ledger.newest();
  }

  /**
   * The latest opening balance or reset with an id in (afterId, upToId], where the account's figures
   * start again; by id range, so after a small change only the new rows are looked at.
   */
  baselineBetween(account: AccountId, afterId: number, upToId: number): Baseline | undefined {
    return this.ledger.baselineBetween(account, afterId, upToId);
  }

  capitalAt(account: AccountId, baselineId: number): number {
    return this.ledger.capitalAt(account, baselineId);
  }

  /** The sum of the account's entries with an id in (afterId, upToId]. */
  amountBetween(account: AccountId, afterId: number, upToId: number): number {
    return this.ledger.amountBetween(account, afterId, upToId);
  }

  /** Deposits and withdrawals with an id in (afterId, upToId]; by id range, not by scanning the account. */
  flowsBetween(account: AccountId, afterId: number, upToId: number): { ts: number; amountPaise: number }[] {
    return this.ledger.depositsBetween(account, afterId, upToId);
  }

  /** Fills with a rowid in (afterRowid, upToRowid] at or after `sinceTs`, with their order's strategy, in time order. */
  fillsBetween(account: AccountId, afterRowid: number, upToRowid: number, sinceTs: number): AnalyticsFill[] {
    return this.ledger.fillsBetween(account, afterRowid, upToRowid, sinceTs);
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

  /** Every catalogue symbol's simulated closes (undefined where it has none), for the rebuild worker. */
  simulatedCloses(): Map<string, ReadonlyMap<string, number> | undefined> {
    return new Map(this.market.instruments.map(({ symbol }) => [symbol, this.closes(symbol)]));
  }
}

export type Baseline = LedgerBaseline;

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
