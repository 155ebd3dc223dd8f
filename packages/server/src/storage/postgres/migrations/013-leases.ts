// PostgreSQL form of sqlite/migrations/013-leases.ts.
export const leasesMigration = {
  id: 13,
  name: 'leadership: leases with a holder and an expiry',
  sql: `
    CREATE TABLE leases (
      name TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    );
  `,
};
