import type { Order } from '../broker-types';

/** A live order as the ledger keeps it: the order, and the id Upstox gave it (null until confirmed). */
export interface LiveOrderRecord extends Order {
  brokerOrderId: string | null;
}
