// Several API instances may share one database: each writes a heartbeat row every few seconds so
// the Auto-Scaling screen can list the live ones, which one leads, and each one's load.
export const instancesMigration = {
  id: 14,
  name: 'ops: heartbeats of the API instances sharing this database',
  sql: `
    CREATE TABLE instances (
      id TEXT PRIMARY KEY,
      host TEXT NOT NULL,
      pid INTEGER NOT NULL,
      started_at INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL,
      cpu_percent REAL NOT NULL,
      memory_bytes INTEGER NOT NULL,
      connections INTEGER NOT NULL,
      is_leader INTEGER NOT NULL DEFAULT 0 CHECK (is_leader IN (0, 1))
    );
    CREATE INDEX instances_heartbeat_at ON instances (heartbeat_at);
  `,
};
