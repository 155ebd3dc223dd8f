// The trading ledger. Money is integer paise; every cash movement is one signed row of
// ledger_entries, and accounts.cash_paise caches their sum (the ledger's tests prove the two agree).
export const ledgerMigration = {
  id: 3,
  name: 'ledger',
  sql: `
    CREATE TABLE accounts (
      id TEXT PRIMARY KEY CHECK (id IN ('paper', 'live')),
      cash_paise INTEGER NOT NULL CHECK (cash_paise >= 0),
      created_at INTEGER NOT NULL
    );
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      account TEXT NOT NULL REFERENCES accounts(id),
      symbol TEXT NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('BUY', 'SELL')),
      type TEXT NOT NULL CHECK (type IN ('MARKET', 'LIMIT')),
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      limit_price_paise INTEGER CHECK (limit_price_paise IS NULL OR limit_price_paise > 0),
      status TEXT NOT NULL CHECK (status IN ('PENDING', 'FILLED', 'CANCELLED', 'REJECTED')),
      reject_reason TEXT,
      strategy TEXT NOT NULL,
      simulated_replay INTEGER NOT NULL DEFAULT 0 CHECK (simulated_replay IN (0, 1)),
      filled_quantity INTEGER NOT NULL DEFAULT 0 CHECK (filled_quantity >= 0 AND filled_quantity <= quantity),
      average_price_paise INTEGER,
      charges_paise INTEGER NOT NULL DEFAULT 0 CHECK (charges_paise >= 0),
      realised_pnl_paise INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX orders_account_created_at ON orders(account, created_at);
    CREATE INDEX orders_account_status ON orders(account, status);
    CREATE INDEX orders_account_symbol ON orders(account, symbol);
    CREATE TABLE fills (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES orders(id),
      account TEXT NOT NULL REFERENCES accounts(id),
      symbol TEXT NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('BUY', 'SELL')),
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      price_paise INTEGER NOT NULL CHECK (price_paise > 0),
      charges_json TEXT NOT NULL,
      charges_paise INTEGER NOT NULL CHECK (charges_paise >= 0),
      ts INTEGER NOT NULL
    );
    CREATE INDEX fills_order_id ON fills(order_id);
    CREATE INDEX fills_account_ts ON fills(account, ts);
    CREATE TABLE ledger_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      account TEXT NOT NULL REFERENCES accounts(id),
      ts INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('opening_balance', 'balance_adjustment', 'buy', 'sell', 'charges', 'reset')),
      amount_paise INTEGER NOT NULL,
      order_id TEXT REFERENCES orders(id),
      fill_id TEXT REFERENCES fills(id),
      note TEXT,
      CHECK (kind NOT IN ('buy', 'charges') OR amount_paise <= 0),
      CHECK (kind NOT IN ('sell', 'opening_balance') OR amount_paise >= 0)
    );
    CREATE INDEX ledger_entries_account_ts ON ledger_entries(account, ts);
    CREATE TABLE positions (
      account TEXT NOT NULL REFERENCES accounts(id),
      symbol TEXT NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity >= 0),
      cost_paise INTEGER NOT NULL CHECK (cost_paise >= 0),
      realised_pnl_paise INTEGER NOT NULL DEFAULT 0,
      opened_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (account, symbol),
      CHECK (quantity > 0 OR cost_paise = 0)
    );
    CREATE TABLE paper_limits (
      account TEXT PRIMARY KEY REFERENCES accounts(id),
      limits_json TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE daily_equity (
      account TEXT NOT NULL REFERENCES accounts(id),
      date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
      opening_equity_paise INTEGER NOT NULL,
      PRIMARY KEY (account, date)
    );
  `,
};
