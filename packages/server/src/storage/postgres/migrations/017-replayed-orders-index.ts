// PostgreSQL form of sqlite/migrations/017-replayed-orders-index.ts (same partial index).
// The analytics rebuild asks "did the start-up replay put any order in this account?" before every
// cold build: without an index that is a scan of every order (≈ 90 ms on the event loop at 200,000
// orders, docs/decisions/0043). A partial index over the replayed rows only answers it at once and
// costs nothing for the live and paper orders that are not replayed.
export const replayedOrdersIndexMigration = {
  id: 17,
  name: 'orders: partial index on replayed orders per account',
  sql: `
    CREATE INDEX orders_replayed ON orders(account) WHERE simulated_replay = 1;
  `,
};
