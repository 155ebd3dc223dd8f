// Orders and fills carry their product (docs/decisions/0027-intraday-charges.md): intraday (I) or
// delivery (D). Everything recorded before products existed was charged as delivery.
export const orderProductsMigration = {
  id: 10,
  name: 'order products: intraday or delivery on orders and fills',
  sql: `
    ALTER TABLE orders ADD COLUMN product TEXT NOT NULL DEFAULT 'D' CHECK (product IN ('I', 'D'));
    ALTER TABLE fills ADD COLUMN product TEXT NOT NULL DEFAULT 'D' CHECK (product IN ('I', 'D'));
  `,
};
