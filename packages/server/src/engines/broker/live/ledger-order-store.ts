import type { Ledger } from '../ledger';
import type { LiveOrderStore } from './live-broker';

/** The ledger as the live broker's order store: the orders table under the 'live' account. */
export function liveOrderStore(
  ledger: Pick<Ledger, 'recordLiveOrder' | 'updateLiveOrder' | 'pendingLiveOrders'>,
): LiveOrderStore {
  return {
    record: (order) => ledger.recordLiveOrder(order),
    update: (order) => ledger.updateLiveOrder(order),
    pending: () => ledger.pendingLiveOrders(),
  };
}
