import { UpstoxApiError } from '../../market/providers/upstox';
import { LiveBrokerError, liveBrokerError } from './live-broker-error';
import type { LiveBrokerParts } from './live-broker-parts';
import type { ChaseEnd } from './live-cancel-chase';
import { UpstoxNoAnswerError } from './upstox-order-client';
import { applyUpstoxState, type LiveOrder } from './upstox-order-mapping';

/** What a halt did to the live orders at once: cancelled before they were sent, or chased at Upstox. */
export interface LiveHaltCancellation {
  cancelled: number;
  chasing: number;
}

/** Cancels of live orders: one at a time from the trader, or every pending order at a halt, chased until Upstox ends them. */
export class LiveCancellation {
  constructor(private readonly deps: LiveBrokerParts) {}

  private get book() {
    return this.deps.book;
  }

  /**
   * Cancels the order. One still waiting in the throttle is never sent and reads CANCELLED at once;
   * otherwise Upstox is asked, and the order stays PENDING until Upstox reports it cancelled (followed
   * in the background). One sent but not yet named by Upstox is cancelled as soon as Upstox names it.
   */
  async cancel(orderId: string): Promise<LiveOrder> {
    const order = this.book.orders.get(orderId);
    if (order?.status === 'PENDING' && this.book.sending.get(orderId) === 'queued') {
      const reason = 'Cancelled before it was sent to Upstox.';
      return this.book.store({
        ...order,
        status: 'CANCELLED',
        rejectReason: reason,
        updatedAt: this.deps.now(),
      });
    }
    this.deps.refuseWhenUnavailable();
    if (!order) throw new LiveBrokerError(404, `There is no live order ${orderId}.`, 'unknown_order');
    if (order.status !== 'PENDING') return { ...order };
    if (!order.brokerOrderId) {
      this.deps.chase.want(orderId);
      return { ...order };
    }
    try {
      await this.deps.client.cancelOrder(order.brokerOrderId);
    } catch (error) {
      if (!(error instanceof UpstoxApiError)) throw liveBrokerError(error);
      // Refused, most often because it has just filled: the order shows what Upstox says it is now.
      await this.latestFromUpstox(order);
      const message = `Upstox would not cancel order ${orderId}: ${error.message}`;
      throw new LiveBrokerError(409, message, 'upstox_error');
    }
    const latest = await this.latestFromUpstox(order);
    if (latest.status === 'PENDING') this.deps.chase.want(orderId, { asked: true });
    return latest;
  }

  /** The order as Upstox's order details now report it; as it was when Upstox does not say. */
  private async latestFromUpstox(order: LiveOrder): Promise<LiveOrder> {
    try {
      const row = await this.deps.client.orderDetails(order.brokerOrderId!);
      return this.book.store(applyUpstoxState(order, row, [], this.deps.now()));
    } catch (error) {
      // The chase (or the next sync) reads the outcome from the order book.
      if (error instanceof UpstoxApiError || error instanceof UpstoxNoAnswerError) return { ...order };
      throw liveBrokerError(error);
    }
  }

  /** True while a cancel of this order is being followed until Upstox reports how it ended. */
  cancelRequested(orderId: string): boolean {
    return this.deps.chase.isChasing(orderId);
  }

  /**
   * The halt's side of the live account: an order still waiting in the throttle ends CANCELLED at once
   * with `reason` and is never sent; every other pending order is chased until Upstox cancels it (or
   * reports it filled), each ending told to `onEnd`. Needs no Upstox call to return.
   */
  cancelAllPending(reason: string, onEnd: ChaseEnd): LiveHaltCancellation {
    let cancelled = 0;
    let chasing = 0;
    for (const order of this.book.orders.values()) {
      if (order.status !== 'PENDING' || this.book.haltSales.has(order.id)) continue;
      if (this.book.sending.get(order.id) === 'queued') {
        this.book.store({ ...order, status: 'CANCELLED', rejectReason: reason, updatedAt: this.deps.now() });
        cancelled += 1;
      } else {
        this.deps.chase.want(order.id, { onEnd });
        chasing += 1;
      }
    }
    return { cancelled, chasing };
  }

  /** Resolves once no cancel is being chased (tests and shutdown wait on it). */
  cancelsSettled(): Promise<void> {
    return this.deps.chase.idle();
  }
}
