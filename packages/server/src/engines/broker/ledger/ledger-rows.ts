import type { Order } from '../../../core/orders';

/** An order's realised P&L less everything it paid in charges (a buy's is just minus its charges). */
export function netRealisedPnlPaise(order: Pick<Order, 'realisedPnlPaise' | 'chargesPaise'>): number {
  return order.realisedPnlPaise - order.chargesPaise;
}
