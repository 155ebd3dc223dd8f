// The strategy lab's parameter sweeps: each sweep's settings and grid, where it stands, and its table
// once complete. The columns are backtest_runs' (020), so one repository serves both.
// docs/decisions/0057-parameter-sweep.md.
export const backtestSweepsMigration = {
  id: 23,
  name: 'backtests: the parameter sweeps of the strategy lab',
  sql: `
    CREATE TABLE backtest_sweeps (
      id TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'cancelled', 'failed')),
      settings TEXT NOT NULL,
      bars_done INTEGER NOT NULL DEFAULT 0,
      total_bars INTEGER NOT NULL DEFAULT 0,
      result TEXT,
      error TEXT,
      owner TEXT NOT NULL DEFAULT '',
      updated_at INTEGER
    );
    CREATE INDEX backtest_sweeps_created_at ON backtest_sweeps (created_at);
  `,
};
