// PostgreSQL form of sqlite/migrations/004-live-order-refs.ts.
export const liveOrderRefsMigration = {
  id: 4,
  name: 'ledger: Upstox order ids of live orders',
  sql: `
    CREATE TABLE IF NOT EXISTS live_order_refs (
      order_id TEXT PRIMARY KEY REFERENCES orders(id),
      broker_order_id TEXT NOT NULL UNIQUE
    );
  `,
};
