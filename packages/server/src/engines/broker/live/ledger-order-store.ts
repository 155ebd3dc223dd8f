import type { Ledger } from '../ledger';
import type { LiveOrderStore } from './live-broker';

/** The ledger as the live broker's order store: the orders table under the 'live' account. */
export function liveOrderStore(
  ledger: Pick<Ledger, 'recordLiveOrder' | 'updateLiveOrder' | 'pendingLiveOrders' | 'orderByKey'>,
): LiveOrderStore {
  return {
    record: (order, decision) => ledger.recordLiveOrder(order, decision),
    update: (order) => ledger.updateLiveOrder(order),
    pending: () => ledger.pendingLiveOrders(),
    orderByKey: (key) => {
      const order = ledger.orderByKey('live', key);
      // Its Upstox id, if any, is learnt again by the sync, which finds the order by its tag.
      return order && { ...order, brokerOrderId: null };
    },
  };
}
