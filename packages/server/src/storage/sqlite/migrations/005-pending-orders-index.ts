// Each market order wrote five index entries on orders; three of them (status, symbol) only ever
// served the search for pending orders by symbol, which every tick makes. A partial index holds
// exactly those: a market order, filled as it is written, never enters it. (Trade history filters
// by account and time, through orders_account_created_at.) Measured: docs/decisions/0009.
export const pendingOrdersIndexMigration = {
  id: 5,
  name: 'ledger: one partial index for pending orders',
  sql: `
    DROP INDEX IF EXISTS orders_account_status;
    DROP INDEX IF EXISTS orders_account_symbol;
    CREATE INDEX orders_pending ON orders(account, symbol) WHERE status = 'PENDING';
  `,
};
