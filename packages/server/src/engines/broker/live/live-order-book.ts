import type { OrderDecision } from '../../../core/order-audit';
import type { LiveOrder } from './upstox-order-mapping';

/**
 * Where live orders are kept beyond this process: the ledger's orders table under the 'live'
 * account (Ledger satisfies it through liveOrderStore). Only orders: no cash, fills or positions.
 */
export interface LiveOrderStore {
  /** A new order, before Upstox is asked to place it, with who decided on it for the audit trail. */
  record(order: LiveOrder, decision?: OrderDecision): void;
  /** What Upstox (or a refusal) changed: status, reason, quantity filled, average price, its Upstox id. */
  update(order: LiveOrder): void;
  /** The orders still PENDING, so a restarted broker follows them again. */
  pending(): LiveOrder[];
  /** The live order placed under an idempotency key, if any (by any instance sharing the store). */
  orderByKey?(idempotencyKey: string): LiveOrder | undefined;
}

/**
 * The live broker's orders as this process knows them, mirrored to the order store as they change;
 * every change is also told to `onStored` (the cancel chase, which ends what it was following).
 */
export class LiveOrderBook {
  readonly orders = new Map<string, LiveOrder>();
  /** Orders whose place call is under way: still waiting in the throttle, or sent and unanswered. */
  readonly sending = new Map<string, 'queued' | 'sent'>();
  /** The halt's own closing sales: a later stop must not cancel them. */
  readonly haltSales = new Set<string>();
  orderStore: LiveOrderStore | null = null;
  onStored: (order: LiveOrder) => void = () => {};

  /**
   * From now on every order is recorded in `store` as it is placed and as it changes; the orders the
   * store still holds PENDING (placed before a restart) are followed again, found at the next sync.
   */
  keepOrdersIn(store: LiveOrderStore): void {
    this.orderStore = store;
    for (const order of store.pending()) if (!this.orders.has(order.id)) this.orders.set(order.id, order);
  }

  store(order: LiveOrder): LiveOrder {
    const before = this.orders.get(order.id);
    this.orders.set(order.id, order);
    if (this.orderStore && (!before || changed(before, order))) this.orderStore.update({ ...order });
    this.onStored(order);
    return { ...order };
  }

  /** The orders still PENDING (placed, or not yet confirmed by Upstox). */
  pendingOrders(): LiveOrder[] {
    return [...this.orders.values()]
      .filter((order) => order.status === 'PENDING')
      .map((order) => ({ ...order }));
  }

  /** Symbols with an order still PENDING: one is in flight for each, so another would buy (or sell) twice. */
  pendingSymbols(): Set<string> {
    const symbols = new Set<string>();
    for (const order of this.orders.values()) if (order.status === 'PENDING') symbols.add(order.symbol);
    return symbols;
  }

  /** The orders this broker has placed since it started, newest first (a local read; no Upstox call). */
  list(): LiveOrder[] {
    return [...this.orders.values()].sort((a, b) => b.createdAt - a.createdAt).map((order) => ({ ...order }));
  }

  order(orderId: string): LiveOrder | undefined {
    const order = this.orders.get(orderId);
    return order ? { ...order } : undefined;
  }
}

function changed(before: LiveOrder, after: LiveOrder): boolean {
  return (
    before.status !== after.status ||
    before.brokerOrderId !== after.brokerOrderId ||
    before.filledQuantity !== after.filledQuantity ||
    before.averagePrice !== after.averagePrice ||
    before.rejectReason !== after.rejectReason
  );
}
