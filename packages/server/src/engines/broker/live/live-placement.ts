import crypto from 'node:crypto';
import { type OrderRequest, pendingOrder } from '../../../core/orders';
import { UpstoxApiError } from '../../market/providers/upstox';
import type { OrderGate } from '../limits';
import { LiveBrokerError, liveBrokerError } from './live-broker-error';
import type { LiveBrokerParts } from './live-broker-parts';
import { placeOrderBody } from './live-order-request';
import { upstoxTag } from './order-tag';
import { UpstoxNoAnswerError } from './upstox-order-client';
import type { LiveOrder } from './upstox-order-mapping';

/**
 * A keyed order's id, derived from its key: the id travels as the Upstox tag, so the key reaches
 * Upstox in the short alphanumeric form the tag allows, and a repeat of the same key names the same
 * tag (findable in Upstox's order book) and the same row. 64 bits of SHA-256: no two keys meet.
 */
export function liveOrderIdForKey(idempotencyKey: string): string {
  return `LV${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
}

/** A place call stopped inside the throttle: the order was never sent. */
class NotSentError extends Error {}

export interface LivePlacementDeps extends LiveBrokerParts {
  /** The trading halt's gate (safety/), once set: nothing reaches Upstox while halted. */
  gate(): Pick<OrderGate, 'haltRefusal'> | null;
  instrumentKey(symbol: string): string | undefined;
  newOrderId(): string;
  /** The algo identifier every order carries (the setting, read at each order). */
  algoId(): string;
}

/** Live orders placed: checked and recorded at once, sent to Upstox in the background, checked again just before sending. */
export class LivePlacement {
  constructor(private readonly deps: LivePlacementDeps) {}

  private get book() {
    return this.deps.book;
  }

  /**
   * submit() in two halves: the order is checked and recorded at once (`order`, PENDING, already in
   * list()) and placed with Upstox in the background (`placed`, which settles as submit() would).
   * What submit() refuses before calling Upstox is thrown here, synchronously.
   */
  begin(
    request: OrderRequest,
    { haltSale = false }: { haltSale?: boolean } = {},
  ): { order: LiveOrder; placed: Promise<LiveOrder> } {
    const earlier = this.earlierOrder(request);
    if (earlier) return replayOf(earlier);
    const halted = this.deps.gate()?.haltRefusal(request);
    if (halted) throw new LiveBrokerError(409, halted, 'trading_halted');
    this.deps.refuseWhenUnavailable();
    const body = placeOrderBody(request, this.deps.instrumentKey(request.symbol));
    const now = this.deps.now();
    // Never a replay: the live broker only places real orders.
    const order: LiveOrder = {
      ...pendingOrder({ ...request, simulatedReplay: false }, this.orderIdFor(request), now),
      brokerOrderId: null,
      algoId: this.deps.algoId(),
    };
    // SEBI's algo tagging and our id for the order-book lookup, in the one field Upstox gives us.
    body.tag = upstoxTag(order.id, order.algoId!);
    // Recorded before Upstox is asked: a crash after placing must not forget an order in flight.
    try {
      this.book.orderStore?.record({ ...order }, request.decision);
    } catch (error) {
      // Another instance recorded the same key first (the unique index refused this one): its order
      // is the answer, and this one never reaches Upstox.
      const won = this.earlierOrder(request);
      if (won) return replayOf(won);
      throw error;
    }
    this.book.orders.set(order.id, order);
    this.book.sending.set(order.id, 'queued');
    if (haltSale) this.book.haltSales.add(order.id);
    return { order: { ...order }, placed: this.place(request, order, body, haltSale) };
  }

  /**
   * Inside the throttle, immediately before the place call goes out (after any wait or 429 retry):
   * an order cancelled while it waited, or caught by a halt that landed meanwhile, is never sent.
   * The halt's own closing sales (`haltSale`) are the one exception.
   */
  private orderIdFor(request: OrderRequest): string {
    const key = request.idempotencyKey;
    return key === undefined ? this.deps.newOrderId() : liveOrderIdForKey(key);
  }

  /** The order a keyed request already placed, here or (through the store) on another instance. */
  private earlierOrder(request: OrderRequest): LiveOrder | undefined {
    const key = request.idempotencyKey;
    if (key === undefined) return undefined;
    return this.book.orders.get(liveOrderIdForKey(key)) ?? this.book.orderStore?.orderByKey?.(key);
  }

  private checkBeforeSend(request: OrderRequest, orderId: string, haltSale: boolean): void {
    const current = this.book.orders.get(orderId);
    if (current?.status !== 'PENDING') throw new NotSentError(current?.rejectReason ?? 'Cancelled.');
    const halted = haltSale ? null : this.deps.gate()?.haltRefusal(request);
    if (halted) throw new NotSentError(`Not sent to Upstox: ${halted}`);
    this.book.sending.set(orderId, 'sent');
  }

  private async place(
    request: OrderRequest,
    order: LiveOrder,
    body: ReturnType<typeof placeOrderBody>,
    haltSale: boolean,
  ): Promise<LiveOrder> {
    try {
      const [brokerOrderId] = await this.deps.client.placeOrder(body, () =>
        this.checkBeforeSend(request, order.id, haltSale),
      );
      this.book.sending.delete(order.id);
      // The chase may have found it by its tag and moved it on meanwhile: keep what it learnt.
      const current = this.book.orders.get(order.id) ?? order;
      const placed = this.book.store({ ...current, brokerOrderId: current.brokerOrderId ?? brokerOrderId! });
      this.deps.chase.confirmed(order.id);
      return placed;
    } catch (error) {
      this.book.sending.delete(order.id);
      if (error instanceof NotSentError) {
        const current = this.book.orders.get(order.id) ?? order;
        if (current.status !== 'PENDING') return { ...current };
        return this.book.store({
          ...current,
          status: 'CANCELLED',
          rejectReason: error.message,
          updatedAt: this.deps.now(),
        });
      }
      if (error instanceof UpstoxApiError) {
        return this.book.store({
          ...order,
          status: 'REJECTED',
          rejectReason: error.message,
          updatedAt: this.deps.now(),
        });
      }
      if (error instanceof UpstoxNoAnswerError) {
        // Kept PENDING: the next sync finds it by its tag if Upstox did take it.
        throw new LiveBrokerError(
          502,
          `Upstox did not confirm order ${order.id} (${error.message}) It may have been placed: the next sync ` +
            'looks for it in the Upstox order book. Check there before placing it again.',
          'upstox_unavailable',
        );
      }
      // Never reached Upstox's book: nothing to follow; the record says why it was not placed.
      this.book.orders.delete(order.id);
      const refused = liveBrokerError(error);
      const notPlaced: LiveOrder = {
        ...order,
        status: 'REJECTED',
        rejectReason: `Not placed: ${refused instanceof Error ? refused.message : String(refused)}`,
        updatedAt: this.deps.now(),
      };
      this.book.orderStore?.update(notPlaced);
      this.deps.chase.settled(notPlaced);
      throw refused;
    }
  }
}

/** A repeat of a keyed order: the first one, already placed, and nothing sent. */
function replayOf(order: LiveOrder): { order: LiveOrder; placed: Promise<LiveOrder> } {
  return { order: { ...order }, placed: Promise.resolve({ ...order }) };
}
