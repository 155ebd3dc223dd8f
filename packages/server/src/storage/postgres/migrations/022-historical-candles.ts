// PostgreSQL form of sqlite/migrations/022-historical-candles.ts: the same table with BIGINT
// integers (epoch ms and volumes pass 2^31). docs/decisions/0056-historical-candles-import.md.
export const historicalCandlesMigration = {
  id: 22,
  name: 'history: historical candles for backtests',
  sql: `
    CREATE TABLE historical_candles (
      symbol TEXT NOT NULL,
      bar_interval TEXT NOT NULL CHECK (bar_interval IN ('1minute', 'day')),
      start_ts BIGINT NOT NULL,
      open_paise BIGINT NOT NULL,
      high_paise BIGINT NOT NULL,
      low_paise BIGINT NOT NULL,
      close_paise BIGINT NOT NULL,
      volume BIGINT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('csv', 'upstox')),
      PRIMARY KEY (symbol, bar_interval, start_ts)
    );
  `,
};
