import { rowsByOrderId } from './order-tag';
import { applyUpstoxState, type LiveOrder } from './upstox-order-mapping';
import type { UpstoxOrderRow } from './upstox-order-shapes';

/** An order Upstox never confirmed and whose tag is not in its order book after this long was not placed. */
export const UNCONFIRMED_GRACE_MS = 60_000;

/** How an order the chase followed ended (CANCELLED, FILLED or REJECTED), told once. */
export type ChaseEnd = (order: LiveOrder) => void;

export interface CancelChaseOptions {
  client: {
    cancelOrder(brokerOrderId: string): Promise<unknown>;
    orderBook(): Promise<UpstoxOrderRow[]>;
  };
  /** The broker's current copy of an order. */
  order(orderId: string): LiveOrder | undefined;
  /** True while the order's place call is out and Upstox has not answered it yet. */
  awaitingAnswer(orderId: string): boolean;
  /** Writes the order's new state through the broker (memory, store, and back to settled()). */
  store(order: LiveOrder): LiveOrder;
  /** False while the account cannot call Upstox (no session): the chase waits and tries again. */
  canReachUpstox(): boolean;
  now(): number;
  onError?(error: unknown, orderId: string | null): void;
  /** First pause between rounds, doubled up to maxDelayMs while orders are still open. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

interface Wanted {
  /** A cancel request was accepted by Upstox (or is on its way). */
  asked: boolean;
  onEnd: ChaseEnd | null;
}

/**
 * The live orders someone wants cancelled that have not ended yet. An order sent to Upstox but not
 * yet confirmed cannot be cancelled by id, so it is chased: its cancel goes out as soon as Upstox
 * names it (the place answer, or the order book by our tag), and the order book is read until every
 * chased order has ended. Each ending is told once, so the halt can count cancelled and filled orders.
 */
export class CancelChase {
  private readonly wanted = new Map<string, Wanted>();
  private running: Promise<void> | null = null;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(private readonly options: CancelChaseOptions) {
    this.firstDelayMs = options.firstDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
  }

  /** Follows the order until it ends; `asked` when its cancel was already accepted by Upstox. */
  want(orderId: string, { asked = false, onEnd = null }: { asked?: boolean; onEnd?: ChaseEnd | null } = {}) {
    const existing = this.wanted.get(orderId);
    this.wanted.set(orderId, {
      asked: asked || (existing?.asked ?? false),
      onEnd: onEnd ?? existing?.onEnd ?? null,
    });
    this.kick();
  }

  isChasing(orderId: string): boolean {
    return this.wanted.has(orderId);
  }

  size(): number {
    return this.wanted.size;
  }

  /** Resolves once no order is being chased. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The broker calls this on every change: an order that has ended leaves the chase, told once. */
  settled(order: LiveOrder): void {
    const wanted = this.wanted.get(order.id);
    if (!wanted || order.status === 'PENDING') return;
    this.wanted.delete(order.id);
    wanted.onEnd?.(order);
  }

  /** Upstox has just named the order (its place answer): its cancel goes out now, not at the next round. */
  confirmed(orderId: string): void {
    const wanted = this.wanted.get(orderId);
    if (wanted && !wanted.asked) void this.askCancel(orderId, wanted);
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    let delay = this.firstDelayMs;
    while (this.wanted.size > 0) {
      try {
        await this.round();
      } catch (error) {
        // Nothing may escape a background loop (an unhandled rejection ends the process): report, go on.
        this.options.onError?.(error, null);
      }
      if (this.wanted.size === 0) return;
      await pause(delay);
      delay = Math.min(delay * 2, this.maxDelayMs);
    }
  }

  /** Cancels what Upstox has named, then reads the order book once to see how each order stands. */
  private async round(): Promise<void> {
    if (!this.options.canReachUpstox()) return;
    await Promise.all(
      [...this.wanted]
        .filter(([, wanted]) => !wanted.asked)
        .map(([id, wanted]) => this.askCancel(id, wanted)),
    );
    let book: UpstoxOrderRow[];
    try {
      book = await this.options.client.orderBook();
    } catch (error) {
      this.options.onError?.(error, null);
      return;
    }
    const byBrokerId = new Map(book.map((row) => [row.order_id, row]));
    const byTag = rowsByOrderId(book);
    const now = this.options.now();
    for (const [id, wanted] of [...this.wanted]) {
      const order = this.options.order(id);
      if (order?.status !== 'PENDING') {
        this.wanted.delete(id);
        if (order) wanted.onEnd?.(order);
        continue;
      }
      const row = order.brokerOrderId ? byBrokerId.get(order.brokerOrderId) : byTag.get(order.id);
      if (row) {
        const updated = this.options.store(applyUpstoxState(order, row, [], now));
        if (updated.status === 'PENDING' && !wanted.asked) await this.askCancel(id, wanted);
      } else if (
        !order.brokerOrderId &&
        !this.options.awaitingAnswer(id) &&
        now - order.createdAt > UNCONFIRMED_GRACE_MS
      ) {
        const reason =
          'Upstox has no record of this order: its placement went unanswered and it was not placed.';
        this.options.store({ ...order, status: 'REJECTED', rejectReason: reason, updatedAt: now });
      }
    }
  }

  private async askCancel(orderId: string, wanted: Wanted): Promise<void> {
    const order = this.options.order(orderId);
    if (!order?.brokerOrderId || order.status !== 'PENDING' || wanted.asked) return;
    wanted.asked = true;
    try {
      await this.options.client.cancelOrder(order.brokerOrderId);
    } catch (error) {
      // Refused (already complete, say) or unanswered: the order book settles it, or the next round asks again.
      wanted.asked = false;
      this.options.onError?.(error, orderId);
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
