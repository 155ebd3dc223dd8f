// PostgreSQL form of sqlite/migrations/012-order-idempotency-keys.ts: NULL keys never collide.
export const orderIdempotencyKeysMigration = {
  id: 12,
  name: 'orders: idempotency keys, unique per account',
  sql: `
    ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
    CREATE UNIQUE INDEX orders_account_idempotency_key ON orders(account, idempotency_key);
  `,
};
