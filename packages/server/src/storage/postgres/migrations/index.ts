import type { Migration } from '../../sql/migrate';

// Placeholder until the PostgreSQL migrations land.
export const migrations: Migration[] = [];
