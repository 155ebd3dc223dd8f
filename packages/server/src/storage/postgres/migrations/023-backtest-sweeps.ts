// PostgreSQL form of sqlite/migrations/023-backtest-sweeps.ts: the strategy lab's parameter sweeps.
// docs/decisions/0057-parameter-sweep.md.
export const backtestSweepsMigration = {
  id: 23,
  name: 'backtests: the parameter sweeps of the strategy lab',
  sql: `
    CREATE TABLE backtest_sweeps (
      id TEXT PRIMARY KEY,
      created_at BIGINT NOT NULL,
      finished_at BIGINT,
      status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'cancelled', 'failed')),
      settings TEXT NOT NULL,
      bars_done BIGINT NOT NULL DEFAULT 0,
      total_bars BIGINT NOT NULL DEFAULT 0,
      result TEXT,
      error TEXT,
      owner TEXT NOT NULL DEFAULT '',
      updated_at BIGINT
    );
    CREATE INDEX backtest_sweeps_created_at ON backtest_sweeps (created_at);
  `,
};
