import type { AccountId } from '../../core/orders';
import type {
  LedgerBaseline,
  LedgerReadRepository,
  StrategyFill,
} from '../../core/ports/repositories/ledger';
import { openingOnOrAfter } from './ledger-repository';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

/**
 * Money movements (opening balances, resets, deposits, withdrawals) through their partial index
 * (migration 018): a few rows instead of the account's whole ledger. The index is used only when the
 * query repeats its condition word for word, so every read below starts with MONEY and narrows after.
 */
const MONEY = `ledger_entries INDEXED BY ledger_entries_money
  WHERE account = ? AND kind IN ('opening_balance', 'balance_adjustment', 'reset')`;

const STRATEGY_FILL = `f.symbol, f.side, f.quantity, f.price_paise AS "pricePaise", f.charges_paise AS "chargesPaise",
                f.ts, o.strategy`;

/**
 * Reports over the ledger's tables. The "between" reads go by id or rowid range (NOT INDEXED), so
 * after a small change only the new rows are looked at instead of the account's whole history.
 */
export class SqlLedgerReadRepository implements LedgerReadRepository {
  private readonly sql;
  /** Cash summed up to a baseline, by account: entries are only ever appended, so it never changes. */
  private readonly atBaseline = new Map<AccountId, { id: number; capital: number }>();

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  newest(): { entryId: number; fillRowid: number } {
    const row = this.sql(
      'SELECT (SELECT MAX(id) FROM ledger_entries) AS entry, (SELECT MAX(rowid) FROM fills) AS fill',
    ).get() as { entry: number | null; fill: number | null };
    return { entryId: row.entry ?? 0, fillRowid: row.fill ?? 0 };
  }

  newestFill(): number {
    const row = this.sql('SELECT MAX(rowid) AS id FROM fills').get() as { id: number | null };
    return row.id ?? 0;
  }

  baselineBetween(account: AccountId, afterId: number, upToId: number): LedgerBaseline | undefined {
    return this.sql(
      `SELECT id, ts, kind FROM ledger_entries NOT INDEXED
       WHERE id > ? AND id <= ? AND account = ? AND kind IN ('opening_balance', 'reset') ORDER BY id DESC LIMIT 1`,
    ).get(afterId, upToId, account) as LedgerBaseline | undefined;
  }

  lastBaselineAt(account: AccountId): number | null {
    const row = this.sql(`SELECT MAX(ts) AS ts FROM ${MONEY} AND kind IN ('opening_balance', 'reset')`).get(
      account,
    ) as { ts: number | null };
    return row.ts;
  }

  capitalPaise(account: AccountId): number {
    const { id } = this.sql(
      `SELECT MAX(id) AS id FROM ${MONEY} AND kind IN ('opening_balance', 'reset')`,
    ).get(account) as { id: number | null };
    if (id === null) return 0;
    const { adjustments } = this.sql(
      `SELECT COALESCE(SUM(amount_paise), 0) AS adjustments FROM ${MONEY} AND kind = 'balance_adjustment' AND id > ?`,
    ).get(account, id) as { adjustments: number };
    return this.capitalAtBaseline(account, id) + Number(adjustments);
  }

  /** Every entry up to the baseline, by id range (one scan per new baseline, then remembered). */
  private capitalAtBaseline(account: AccountId, id: number): number {
    const known = this.atBaseline.get(account);
    if (known?.id === id) return known.capital;
    const { capital } = this.sql(
      'SELECT COALESCE(SUM(amount_paise), 0) AS capital FROM ledger_entries NOT INDEXED WHERE id <= ? AND account = ?',
    ).get(id, account) as { capital: number };
    this.atBaseline.set(account, { id, capital: Number(capital) });
    return Number(capital);
  }

  capitalAt(account: AccountId, entryId: number): number {
    const { capital } = this.sql(
      'SELECT COALESCE(SUM(amount_paise), 0) AS capital FROM ledger_entries WHERE account = ? AND id <= ?',
    ).get(account, entryId) as { capital: number };
    return capital;
  }

  amountBetween(account: AccountId, afterId: number, upToId: number): number {
    const { amount } = this.sql(
      `SELECT COALESCE(SUM(amount_paise), 0) AS amount FROM ledger_entries NOT INDEXED
       WHERE id > ? AND id <= ? AND account = ?`,
    ).get(afterId, upToId, account) as { amount: number };
    return Number(amount);
  }

  depositsBetween(
    account: AccountId,
    afterId: number,
    upToId: number,
  ): { ts: number; amountPaise: number }[] {
    return this.sql(
      `SELECT ts, amount_paise AS "amountPaise" FROM ledger_entries NOT INDEXED
       WHERE id > ? AND id <= ? AND account = ? AND kind = 'balance_adjustment' ORDER BY id`,
    ).all(afterId, upToId, account) as { ts: number; amountPaise: number }[];
  }

  depositsSince(account: AccountId, since: number): number {
    const row = this.sql(
      `SELECT COALESCE(SUM(amount_paise), 0) AS total FROM ${MONEY} AND kind = 'balance_adjustment' AND ts >= ?`,
    ).get(account, since) as { total: number };
    return row.total;
  }

  moneyMovedSince(account: AccountId, since: number): number {
    const { flows } = this.sql(
      `SELECT COALESCE(SUM(amount_paise), 0) AS flows FROM ${MONEY} AND kind IN ('balance_adjustment', 'reset') AND ts >= ?`,
    ).get(account, since) as { flows: number };
    return flows;
  }

  lastMoneyMovedAt(account: AccountId): number | null {
    const { lastFlow } = this.sql(
      `SELECT MAX(ts) AS "lastFlow" FROM ${MONEY} AND kind IN ('balance_adjustment', 'reset')`,
    ).get(account) as { lastFlow: number | null };
    return lastFlow;
  }

  openingEquityOnOrAfter(
    account: AccountId,
    date: string,
  ): { date: string; equityPaise: number } | undefined {
    return openingOnOrAfter(this.sql, account, date);
  }

  peakOpeningEquitySince(account: AccountId, date: string): number | null {
    const row = this.sql(
      'SELECT MAX(opening_equity_paise) AS peak FROM daily_equity WHERE account = ? AND date >= ?',
    ).get(account, date) as { peak: number | null };
    return row.peak;
  }

  fillsBetween(account: AccountId, afterRowid: number, upToRowid: number, since: number): StrategyFill[] {
    return this.sql(
      `SELECT ${STRATEGY_FILL}
       FROM fills f NOT INDEXED JOIN orders o ON o.id = f.order_id
       WHERE f.rowid > ? AND f.rowid <= ? AND f.account = ? AND f.ts >= ? ORDER BY f.ts, f.rowid`,
    ).all(afterRowid, upToRowid, account, since) as StrategyFill[];
  }

  fillsSince(account: AccountId, since: number): StrategyFill[] {
    return this.sql(
      `SELECT ${STRATEGY_FILL}
       FROM fills f JOIN orders o ON o.id = f.order_id
       WHERE f.account = ? AND f.ts >= ? ORDER BY f.ts, f.rowid`,
    ).all(account, since) as StrategyFill[];
  }
}
