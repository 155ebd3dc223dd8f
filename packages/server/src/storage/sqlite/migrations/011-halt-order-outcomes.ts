// A halt cancels live orders at Upstox, and an order already sent may be filled before its cancel
// lands: the halt row counts, beside the orders cancelled, those found already filled and those
// whose cancel is still being chased, so the TRADING HALTED banner can say what the stop achieved.
export const haltOrderOutcomesMigration = {
  id: 11,
  name: 'safety: what a halt did to the orders it cancelled',
  sql: `
    ALTER TABLE trading_halts ADD COLUMN filled_orders INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE trading_halts ADD COLUMN chasing_orders INTEGER NOT NULL DEFAULT 0;
  `,
};
