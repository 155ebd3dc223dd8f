// An order may carry the key its caller chose (a retried request, or a new leader repeating the
// loop's decision): one order per key and account, decided by the unique index, not by a read
// before the write (docs/decisions/0035-order-idempotency-keys.md). Orders without a key hold NULL,
// which a unique index never counts as equal, in SQLite and PostgreSQL alike.
export const orderIdempotencyKeysMigration = {
  id: 12,
  name: 'orders: idempotency keys, unique per account',
  sql: `
    ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
    CREATE UNIQUE INDEX orders_account_idempotency_key ON orders(account, idempotency_key);
  `,
};
