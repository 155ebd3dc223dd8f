// The strategy lab's backtests: each run's settings, where it stands, and its result once complete.
// docs/decisions/0054-backtest-engine.md.
export const backtestRunsMigration = {
  id: 20,
  name: 'backtests: the runs of the strategy lab',
  sql: `
    CREATE TABLE backtest_runs (
      id TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'cancelled', 'failed')),
      settings TEXT NOT NULL,
      bars_done INTEGER NOT NULL DEFAULT 0,
      total_bars INTEGER NOT NULL DEFAULT 0,
      result TEXT,
      error TEXT,
      -- The server running it, and when it last moved: another server fails it only once it is stale.
      owner TEXT NOT NULL DEFAULT '',
      updated_at INTEGER
    );
    CREATE INDEX backtest_runs_created_at ON backtest_runs (created_at);
  `,
};
