// PostgreSQL form of sqlite/migrations/011-halt-order-outcomes.ts.
export const haltOrderOutcomesMigration = {
  id: 11,
  name: 'safety: what a halt did to the orders it cancelled',
  sql: `
    ALTER TABLE trading_halts ADD COLUMN filled_orders BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE trading_halts ADD COLUMN chasing_orders BIGINT NOT NULL DEFAULT 0;
  `,
};
