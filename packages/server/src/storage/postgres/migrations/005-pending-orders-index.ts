// PostgreSQL form of sqlite/migrations/005-pending-orders-index.ts (the partial index is the point).
export const pendingOrdersIndexMigration = {
  id: 5,
  name: 'ledger: one partial index for pending orders',
  sql: `
    DROP INDEX IF EXISTS orders_account_status;
    DROP INDEX IF EXISTS orders_account_symbol;
    CREATE INDEX orders_pending ON orders(account, symbol) WHERE status = 'PENDING';
  `,
};
