// Data-source registry (issue 16, spec part 2 §2.1): built-ins (seeded by the registry from code)
// and the trader's custom sources, their sealed API key and headers, and the last check's outcome.
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
      last_updated INTEGER,
      latency_ms INTEGER,
      last_error TEXT,
      created_at INTEGER NOT NULL
    );
  `,
};
