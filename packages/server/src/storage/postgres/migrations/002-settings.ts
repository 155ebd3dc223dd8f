// PostgreSQL form of sqlite/migrations/002-settings.ts (updated_at is an ISO string there too).
export const settingsMigration = {
  id: 2,
  name: 'settings',
  sql: `
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `,
};
