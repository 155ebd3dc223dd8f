// Production scaling (issue 16): every phase an account enters is a row — the start, each promotion
// and demotion — so days in phase and the phase's own trades survive a restart (decision 0020).
export const phasesMigration = {
  id: 8,
  name: 'phases: the capital-scaling phase history',
  sql: `
    CREATE TABLE phase_history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      account TEXT NOT NULL,
      phase INTEGER NOT NULL CHECK (phase BETWEEN 1 AND 5),
      from_phase INTEGER CHECK (from_phase IS NULL OR from_phase BETWEEN 1 AND 5),
      kind TEXT NOT NULL CHECK (kind IN ('start', 'promotion', 'demotion')),
      reason TEXT NOT NULL,
      entered_at INTEGER NOT NULL,
      equity_paise INTEGER NOT NULL
    );
    CREATE INDEX phase_history_account ON phase_history(account, id);
  `,
};
