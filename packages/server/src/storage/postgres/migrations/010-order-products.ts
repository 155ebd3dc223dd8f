// PostgreSQL form of sqlite/migrations/010-order-products.ts.
export const orderProductsMigration = {
  id: 10,
  name: 'order products: intraday or delivery on orders and fills',
  sql: `
    ALTER TABLE orders ADD COLUMN product TEXT NOT NULL DEFAULT 'D' CHECK (product IN ('I', 'D'));
    ALTER TABLE fills ADD COLUMN product TEXT NOT NULL DEFAULT 'D' CHECK (product IN ('I', 'D'));
  `,
};
