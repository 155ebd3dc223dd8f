import type { Position } from '../../../core/orders';
import { istDateOf } from '../../market/calendar';
import { liveBrokerError } from './live-broker-error';
import type { LiveBrokerParts } from './live-broker-parts';
import { UNCONFIRMED_GRACE_MS } from './live-cancel-chase';
import { livePositions } from './live-positions';
import { rowsByOrderId } from './order-tag';
import {
  applyUpstoxState,
  fillsFromTrades,
  type LiveFill,
  type LiveOrder,
  rupeesToPaise,
} from './upstox-order-mapping';
import type { UpstoxTradeRow } from './upstox-order-shapes';

export interface LiveSyncResult {
  orders: LiveOrder[];
  fills: LiveFill[];
  positions: Position[];
  syncedAt: number;
}

export interface LiveSyncDeps extends LiveBrokerParts {
  /** Upstox instrument key → our symbol. */
  symbolFor(instrumentKey: string): string | undefined;
}

/** Reads the Upstox account: the day's order book and trades into our orders, positions and funds. */
export class LiveSync {
  private readonly firstSeen = new Map<string, number>();

  constructor(private readonly deps: LiveSyncDeps) {}

  private get book() {
    return this.deps.book;
  }

  /** Pulls the day's order book, executions and positions from Upstox and brings our orders up to date. */
  async sync(): Promise<LiveSyncResult> {
    this.deps.refuseWhenUnavailable();
    try {
      const [book, trades] = await Promise.all([
        this.deps.client.orderBook(),
        this.deps.client.tradesForDay(),
      ]);
      const positions = await this.fetchPositions();
      const now = this.deps.now();
      const byBrokerId = new Map(book.map((row) => [row.order_id, row]));
      const byTag = rowsByOrderId(book);
      const tradesByOrder = groupTrades(trades);
      const fills: LiveFill[] = [];
      for (const order of this.book.orders.values()) {
        const row = order.brokerOrderId ? byBrokerId.get(order.brokerOrderId) : byTag.get(order.id);
        if (!row) {
          if (
            order.brokerOrderId &&
            order.status === 'PENDING' &&
            istDateOf(order.createdAt) < istDateOf(now)
          ) {
            // Upstox lists only the day's orders: a day order of an earlier day ended with that day.
            const reason =
              'A day order: its trading day ended before it filled, so the exchange let it lapse.';
            this.book.store({ ...order, status: 'CANCELLED', rejectReason: reason, updatedAt: now });
            continue;
          }
          if (
            !order.brokerOrderId &&
            order.status === 'PENDING' &&
            !this.book.sending.has(order.id) &&
            now - order.createdAt > UNCONFIRMED_GRACE_MS
          ) {
            const reason =
              'Upstox has no record of this order: its placement went unanswered and it was not placed.';
            this.book.store({ ...order, status: 'REJECTED', rejectReason: reason, updatedAt: now });
          }
          continue;
        }
        const orderTrades = tradesByOrder.get(row.order_id) ?? [];
        const updated = this.book.store(applyUpstoxState(order, row, orderTrades, now));
        fills.push(...fillsFromTrades(updated, orderTrades, now));
      }
      return { orders: this.book.list(), fills, positions, syncedAt: now };
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  /** What the Upstox account holds now: demat holdings plus today's positions, in paise. */
  async positions(): Promise<Position[]> {
    this.deps.refuseWhenUnavailable();
    try {
      return await this.fetchPositions();
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  /** The cash the Upstox equity segment can spend now (available margin), in paise. */
  async funds(): Promise<{ availablePaise: number }> {
    this.deps.refuseWhenUnavailable();
    try {
      const { availableMarginRupees } = await this.deps.client.equityFunds();
      return { availablePaise: rupeesToPaise(availableMarginRupees) };
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  private async fetchPositions(): Promise<Position[]> {
    const [holdings, positions] = await Promise.all([
      this.deps.client.longTermHoldings(),
      this.deps.client.shortTermPositions(),
    ]);
    const now = this.deps.now();
    const symbolFor = (key: string, tradingSymbol: string | undefined) =>
      this.deps.symbolFor(key) ?? tradingSymbol ?? key;
    const openedAt = (symbol: string) => this.firstSeen.get(symbol) ?? now;
    const result = livePositions(holdings, positions, symbolFor, openedAt, now);
    for (const position of result)
      if (!this.firstSeen.has(position.symbol)) this.firstSeen.set(position.symbol, now);
    return result;
  }
}

function groupTrades(trades: readonly UpstoxTradeRow[]): Map<string, UpstoxTradeRow[]> {
  const byOrder = new Map<string, UpstoxTradeRow[]>();
  for (const trade of trades) {
    const list = byOrder.get(trade.order_id);
    if (list) list.push(trade);
    else byOrder.set(trade.order_id, [trade]);
  }
  return byOrder;
}
