// PostgreSQL form of sqlite/migrations/014-instances.ts.
export const instancesMigration = {
  id: 14,
  name: 'ops: heartbeats of the API instances sharing this database',
  sql: `
    CREATE TABLE instances (
      id TEXT PRIMARY KEY,
      host TEXT NOT NULL,
      pid BIGINT NOT NULL,
      started_at BIGINT NOT NULL,
      heartbeat_at BIGINT NOT NULL,
      cpu_percent DOUBLE PRECISION NOT NULL,
      memory_bytes BIGINT NOT NULL,
      connections BIGINT NOT NULL,
      is_leader INTEGER NOT NULL DEFAULT 0 CHECK (is_leader IN (0, 1))
    );
    CREATE INDEX instances_heartbeat_at ON instances (heartbeat_at);
  `,
};
