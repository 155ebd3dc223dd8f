// PostgreSQL form of sqlite/migrations/020-backtest-runs.ts: the strategy lab's backtest runs.
// docs/decisions/0054-backtest-engine.md.
export const backtestRunsMigration = {
  id: 20,
  name: 'backtests: the runs of the strategy lab',
  sql: `
    CREATE TABLE backtest_runs (
      id TEXT PRIMARY KEY,
      created_at BIGINT NOT NULL,
      finished_at BIGINT,
      status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'cancelled', 'failed')),
      settings TEXT NOT NULL,
      bars_done BIGINT NOT NULL DEFAULT 0,
      total_bars BIGINT NOT NULL DEFAULT 0,
      result TEXT,
      error TEXT,
      -- The server running it, and when it last moved: another server fails it only once it is stale.
      owner TEXT NOT NULL DEFAULT '',
      updated_at BIGINT
    );
    CREATE INDEX backtest_runs_created_at ON backtest_runs (created_at);
  `,
};
