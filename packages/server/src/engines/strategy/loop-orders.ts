import type { AccountId, Order, OrderRequest } from '../../core/orders';
import type { LoopLogger, TradingVenue } from '../../core/ports/trading-venue';
import { istDateOf } from '../market/calendar';
import type { Signal } from '../signals';
import { decisionKey } from './decision-key';
import { orderDecision } from './loop-journal';
import type { LoopRecord, RunReport } from './loop-status';
import type { TradingDay } from './trading-day';

export interface LoopOrdersOptions {
  venue: TradingVenue;
  account: AccountId;
  /** The name every order carries as its strategy (the signal source's, read per order). */
  strategy: () => string;
  simulatedReplay?: boolean;
  record: LoopRecord;
  /** The trading day the run counts its orders in. */
  today: () => TradingDay;
  log: LoopLogger;
}

/** How the loop sends an order: a market order with the loop's product rule, counted, journalled and logged. */
export class LoopOrders {
  constructor(private readonly options: LoopOrdersOptions) {}

  private get venue(): TradingVenue {
    return this.options.venue;
  }

  request(symbol: string, side: 'BUY' | 'SELL', quantity: number): OrderRequest {
    return {
      account: this.options.account,
      symbol,
      side,
      type: 'MARKET',
      quantity,
      strategy: this.options.strategy(),
      ...(this.options.simulatedReplay ? { simulatedReplay: true } : {}),
    };
  }

  /**
   * The loop trades intraday: its buys are product I, and so are sells of what it bought today; a
   * position carried from an earlier day is delivery (an intraday buy converts overnight).
   */
  private withProduct(request: OrderRequest, now: number): OrderRequest {
    if (request.product) return request;
    if (request.side === 'BUY') return { ...request, product: 'I' };
    const held = this.venue.positions().find((p) => p.symbol === request.symbol);
    const today = held !== undefined && istDateOf(held.openedAt) === istDateOf(now);
    return { ...request, product: today ? 'I' : 'D' };
  }

  /**
   * The decision's key (decision-key.ts), so the same decision placed twice is one order. Orders
   * replayed over generated history carry none: a replay of the same history again is new orders.
   */
  private withKey(request: OrderRequest, at: number): OrderRequest {
    if (request.idempotencyKey !== undefined || request.simulatedReplay) return request;
    return { ...request, idempotencyKey: decisionKey(request, at) };
  }

  /**
   * Submits once; a refusal is counted and logged, and not retried in this run. The audit trail
   * keeps the signal behind an entry and its reasons (an exit has none: `why` is its reason).
   */
  place(report: RunReport, unpriced: OrderRequest, why: string, signal?: Signal): Order {
    const decision = {
      origin: 'loop' as const,
      actor: unpriced.strategy,
      signal: signal
        ? `${signal.direction} signal, score ${signal.score.toFixed(2)}, confidence ${signal.confidence.toFixed(2)}`
        : null,
      reasons: signal ? signal.reasons.join('; ') : why,
    };
    const request = { ...this.withKey(this.withProduct(unpriced, report.at), report.at), decision };
    const order = this.venue.submit(request);
    this.options.record.decisions += 1;
    report.orders.push(order);
    this.options.record.journal.record(orderDecision(order, report.at, why));
    const details = {
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      strategy: order.strategy,
    };
    if (order.status === 'REJECTED') {
      this.options.today().ordersRejected += 1;
      this.options.log.warn({ ...details, reason: order.rejectReason }, 'trading loop order rejected');
    } else {
      this.options.today().ordersPlaced += 1;
      this.options.log.info(
        { ...details, status: order.status, averagePrice: order.averagePrice },
        'trading loop order',
      );
    }
    return order;
  }
}
