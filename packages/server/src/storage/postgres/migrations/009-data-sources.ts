// PostgreSQL form of sqlite/migrations/009-data-sources.ts.
export const dataSourcesMigration = {
  id: 9,
  name: 'data sources: registry of built-in and custom feeds',
  sql: `
    CREATE TABLE data_sources (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
      status TEXT NOT NULL,
      custom INTEGER NOT NULL CHECK (custom IN (0, 1)),
      api_key_required INTEGER NOT NULL CHECK (api_key_required IN (0, 1)),
      external_url TEXT,
      sealed_api_key TEXT,
      api_key_prefix TEXT,
      sealed_headers TEXT,
      header_names TEXT NOT NULL DEFAULT '[]',
      last_updated BIGINT,
      latency_ms BIGINT,
      last_error TEXT,
      created_at BIGINT NOT NULL
    );
  `,
};
