// Trading safety (issue 14): every halt (Emergency Stop or circuit breaker) is a row, so a restart
// reads the latest one and stays halted until a resume is recorded on it; risk alerts are kept with
// their acknowledgement, one open alert per kind and subject (the partial unique index).
export const safetyMigration = {
  id: 6,
  name: 'safety: halts and risk alerts',
  sql: `
    CREATE TABLE trading_halts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      halted_at INTEGER NOT NULL,
      reason TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('manual', 'circuit_breaker')),
      breaker TEXT,
      halted_by TEXT NOT NULL,
      cancelled_orders INTEGER NOT NULL DEFAULT 0,
      closed_positions INTEGER NOT NULL DEFAULT 0,
      resumed_at INTEGER,
      resumed_by TEXT,
      resume_reason TEXT
    );
    CREATE TABLE risk_alerts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      subject TEXT NOT NULL,
      severity TEXT NOT NULL CHECK (severity IN ('high', 'medium', 'low')),
      message TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      action_required INTEGER NOT NULL CHECK (action_required IN (0, 1)),
      suggested_action TEXT NOT NULL,
      acknowledged_at INTEGER,
      resolved_at INTEGER
    );
    CREATE UNIQUE INDEX risk_alerts_open ON risk_alerts(kind, subject) WHERE resolved_at IS NULL;
    CREATE INDEX risk_alerts_created_at ON risk_alerts(created_at);
  `,
};
