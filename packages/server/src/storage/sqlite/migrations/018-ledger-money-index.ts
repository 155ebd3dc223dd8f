// The safety checks read "capital" and "when did money last move" on every tick and every order:
// without an index each was a scan of the account's whole ledger (270–470 ms on the event loop at
// 100,000 closed trades, docs/decisions/0047). A partial index over the money movements only
// (opening balances, resets, deposits and withdrawals: a handful of rows) answers them at once and
// costs nothing for the buy, sell and charge entries that every fill writes.
export const ledgerMoneyIndexMigration = {
  id: 18,
  name: 'ledger_entries: partial index on money movements per account',
  sql: `
    CREATE INDEX ledger_entries_money ON ledger_entries(account, id)
      WHERE kind IN ('opening_balance', 'balance_adjustment', 'reset');
  `,
};
