import type { AccountId } from '../../core/orders';
import type { EntryKind, EntryRefs, LedgerRepository } from '../../core/ports/repositories/ledger';
import { SqlitePositionsAndFills } from './positions-and-fills';
import type { statementCache } from './statement-cache';

const INSERT_ENTRY =
  'INSERT INTO ledger_entries (account, ts, kind, amount_paise, order_id, fill_id, note) VALUES (?, ?, ?, ?, ?, ?, ?)';

/** The accounts, ledger_entries, daily_equity and paper_limits tables, and (inherited) positions and fills. */
export class SqlLedgerRepository extends SqlitePositionsAndFills implements LedgerRepository {
  accountExists(account: AccountId): boolean {
    return this.sql('SELECT 1 FROM accounts WHERE id = ?').get(account) !== undefined;
  }

  createAccount(account: AccountId, createdAt: number): void {
    this.sql('INSERT INTO accounts (id, cash_paise, created_at) VALUES (?, 0, ?)').run(account, createdAt);
  }

  ensureLiveAccount(createdAt: number): void {
    this.sql(
      "INSERT INTO accounts (id, cash_paise, created_at) VALUES ('live', 0, ?) ON CONFLICT(id) DO NOTHING",
    ).run(createdAt);
  }

  cashPaise(account: AccountId): number | undefined {
    const row = this.sql('SELECT cash_paise FROM accounts WHERE id = ?').get(account) as
      | { cash_paise: number }
      | undefined;
    return row?.cash_paise;
  }

  postEntries(
    account: AccountId,
    entries: readonly (readonly [EntryKind, number])[],
    ts: number,
    refs: EntryRefs,
  ): void {
    const insert = this.sql(INSERT_ENTRY);
    let total = 0;
    for (const [kind, amountPaise] of entries) {
      insert.run(
        account,
        ts,
        kind,
        amountPaise,
        refs.orderId ?? null,
        refs.fillId ?? null,
        refs.note ?? null,
      );
      total += amountPaise;
    }
    // The cached balance moves once for all of them.
    this.sql('UPDATE accounts SET cash_paise = cash_paise + ? WHERE id = ?').run(total, account);
  }

  entriesSum(account: AccountId): number {
    const row = this.sql(
      'SELECT COALESCE(SUM(amount_paise), 0) AS total FROM ledger_entries WHERE account = ?',
    ).get(account) as { total: number };
    return row.total;
  }

  openingEquity(account: AccountId, date: string): number | undefined {
    const row = this.sql('SELECT opening_equity_paise FROM daily_equity WHERE account = ? AND date = ?').get(
      account,
      date,
    ) as { opening_equity_paise: number } | undefined;
    return row?.opening_equity_paise;
  }

  openingEquityOnOrAfter(
    account: AccountId,
    date: string,
  ): { date: string; equityPaise: number } | undefined {
    return openingOnOrAfter(this.sql, account, date);
  }

  recordOpeningEquity(account: AccountId, date: string, equityPaise: number): void {
    this.sql(
      'INSERT INTO daily_equity (account, date, opening_equity_paise) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(account, date, equityPaise);
  }

  shiftOpeningEquity(account: AccountId, date: string, deltaPaise: number): void {
    this.sql(
      'UPDATE daily_equity SET opening_equity_paise = opening_equity_paise + ? WHERE account = ? AND date = ?',
    ).run(deltaPaise, account, date);
  }

  removeOpeningEquities(account: AccountId): void {
    this.sql('DELETE FROM daily_equity WHERE account = ?').run(account);
  }

  paperLimitsJson(account: AccountId): string | undefined {
    const row = this.sql('SELECT limits_json FROM paper_limits WHERE account = ?').get(account) as
      | { limits_json: string }
      | undefined;
    return row?.limits_json;
  }

  savePaperLimitsJson(account: AccountId, json: string, updatedAt: number): void {
    this.sql(
      `INSERT INTO paper_limits (account, limits_json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(account) DO UPDATE SET limits_json = excluded.limits_json, updated_at = excluded.updated_at`,
    ).run(account, json, updatedAt);
  }
}

/** Shared with the read repository: "a month ago" is the earliest opening on or after it when the account is younger. */
export function openingOnOrAfter(
  sql: ReturnType<typeof statementCache>,
  account: AccountId,
  date: string,
): { date: string; equityPaise: number } | undefined {
  const row = sql(
    'SELECT date, opening_equity_paise FROM daily_equity WHERE account = ? AND date >= ? ORDER BY date LIMIT 1',
  ).get(account, date) as { date: string; opening_equity_paise: number } | undefined;
  return row ? { date: row.date, equityPaise: row.opening_equity_paise } : undefined;
}
