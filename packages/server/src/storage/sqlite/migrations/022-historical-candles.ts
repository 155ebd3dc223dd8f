// Real bars for backtests, imported from CSV or fetched from Upstox; one row per symbol, interval and
// bar start (an instant, epoch ms), prices in paise. docs/decisions/0056-historical-candles-import.md.
export const historicalCandlesMigration = {
  id: 22,
  name: 'history: historical candles for backtests',
  sql: `
    CREATE TABLE historical_candles (
      symbol TEXT NOT NULL,
      bar_interval TEXT NOT NULL CHECK (bar_interval IN ('1minute', 'day')),
      start_ts INTEGER NOT NULL,
      open_paise INTEGER NOT NULL,
      high_paise INTEGER NOT NULL,
      low_paise INTEGER NOT NULL,
      close_paise INTEGER NOT NULL,
      volume INTEGER NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('csv', 'upstox')),
      PRIMARY KEY (symbol, bar_interval, start_ts)
    );
  `,
};
