import type { AccountId } from '../broker/broker-types';
import type { Db } from '../db/database';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import type { LedgerHistoryInput } from './ledger-history';
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

  /** Changes whenever the ledger gains a row (any account) or the IST date turns. */
  version(account: AccountId): string {
    const row = this.db
      .prepare(
        'SELECT (SELECT MAX(id) FROM ledger_entries) AS entries, (SELECT MAX(rowid) FROM fills) AS fills',
      )
      .get() as { entries: number | null; fills: number | null };
    return `${account}:${row.entries ?? 0}:${row.fills ?? 0}:${istDateOf(this.now())}:${this.simulatedFeed()}`;
  }

  /** Whether the active feed is the market simulator. */
  simulatedFeed(): boolean {
    return this.market.activeProvider.health().source === 'simulator';
  }

  today(): string {
    return istDateOf(this.now());
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

  historyInput(account: AccountId): LedgerHistoryInput {
    const now = this.now();
    const baseline = this.baseline(account);
    const since = baseline?.id ?? 0;
    const flows = baseline
      ? (this.db
          .prepare(
            `SELECT ts, amount_paise AS amountPaise FROM ledger_entries
             WHERE account = ? AND kind = 'balance_adjustment' AND id > ? ORDER BY id`,
          )
          .all(account, since) as { ts: number; amountPaise: number }[])
      : [];
    const fills = baseline
      ? (this.db
          .prepare(
            `SELECT f.symbol, f.side, f.quantity, f.price_paise AS pricePaise, f.charges_paise AS chargesPaise,
                    f.ts, o.strategy
             FROM fills f JOIN orders o ON o.id = f.order_id
             WHERE f.account = ? AND f.ts >= ? ORDER BY f.ts, f.rowid`,
          )
          .all(account, baseline.ts) as AnalyticsFill[])
      : [];
    return {
      baseline: baseline ? { ts: baseline.ts, capitalPaise: baseline.capitalPaise } : null,
      flows,
      fills,
      now,
      isSession: (date) => {
        try {
          return this.market.clock.isTradingDay(date);
        } catch {
          return false;
        }
      },
      closes: (symbol) => this.closes(symbol),
    };
  }

  /** The latest opening balance or reset: from there on the account's figures start again. */
  private baseline(account: AccountId): { id: number; ts: number; capitalPaise: number } | null {
    const last = this.db
      .prepare(
        `SELECT id, ts FROM ledger_entries WHERE account = ? AND kind IN ('opening_balance', 'reset')
         ORDER BY id DESC LIMIT 1`,
      )
      .get(account) as { id: number; ts: number } | undefined;
    if (!last) return null;
    const { capital } = this.db
      .prepare(
        'SELECT COALESCE(SUM(amount_paise), 0) AS capital FROM ledger_entries WHERE account = ? AND id <= ?',
      )
      .get(account, last.id) as { capital: number };
    return { id: last.id, ts: last.ts, capitalPaise: capital };
  }

  /**
   * The simulator's generated session closes (fixed for the process's life), by IST date. With a real
   * feed they are not the account's prices: holdings are then marked at their own fills and the live price.
   */
  private closes(symbol: string): ReadonlyMap<string, number> | undefined {
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
  }
}
