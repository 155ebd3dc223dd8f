import { type Db, migrate } from '../../db/database';
import type { Migration } from '../../db/migrations';
import type { Order } from '../broker-types';

/** A live order as the ledger keeps it: the order, and the id Upstox gave it (null until confirmed). */
export interface LiveOrderRecord extends Order {
  brokerOrderId: string | null;
}

/**
 * Live orders live in the orders table under the 'live' account; the id Upstox gives each one
 * needs a column the shipped ledger migration does not have, so it sits beside them here. The
 * ledger applies this itself, recorded in schema_migrations like any other, under an id far from
 * the numbered migrations in db/migrations so the two sequences can never meet.
 */
export const liveOrderRefsMigration: Migration = {
  id: 1001,
  name: 'ledger: Upstox order ids of live orders',
  sql: `
    CREATE TABLE IF NOT EXISTS live_order_refs (
      order_id TEXT PRIMARY KEY REFERENCES orders(id),
      broker_order_id TEXT NOT NULL UNIQUE
    );
  `,
};

const applied = new WeakSet<Db>();

/** Applies liveOrderRefsMigration once per connection (a no-op once the database has it). */
export function ensureLiveOrderRefs(db: Db): void {
  if (applied.has(db)) return;
  migrate(db, [liveOrderRefsMigration]);
  applied.add(db);
}
