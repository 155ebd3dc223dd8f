import crypto from 'node:crypto';
import { istDateOf } from '../../market/calendar';
import { findInstrument } from '../../market/instruments';
import { UpstoxApiError } from '../../market/providers/upstox';
import { type OrderRequest, type Position, pendingOrder } from '../broker-types';
import type { OrderGate } from '../limits';
import { LiveBrokerError, liveBrokerError } from './live-broker-error';
import { CancelChase, type ChaseEnd, UNCONFIRMED_GRACE_MS } from './live-cancel-chase';
import { placeOrderBody } from './live-order-request';
import { livePositions } from './live-positions';
import type { OrderThrottle } from './order-throttle';
import { UpstoxNoAnswerError, UpstoxOrderClient } from './upstox-order-client';
import {
  applyUpstoxState,
  fillsFromTrades,
  type LiveFill,
  type LiveOrder,
  rupeesToPaise,
} from './upstox-order-mapping';
import type { UpstoxTradeRow } from './upstox-order-shapes';

/** What the live broker needs of the Upstox account; UpstoxAccount fits as it is. */
export interface LiveBrokerAccount {
  /** The trader-facing sentence for why the account cannot trade now; null when it can. */
  problem(): string | null;
  session(): { accessToken: string } | null;
  readonly rest: { readonly baseUrl: string };
}

/**
 * Where live orders are kept beyond this process: the ledger's orders table under the 'live'
 * account (Ledger satisfies it through liveOrderStore). Only orders: no cash, fills or positions.
 */
export interface LiveOrderStore {
  /** A new order, before Upstox is asked to place it. */
  record(order: LiveOrder): void;
  /** What Upstox (or a refusal) changed: status, reason, quantity filled, average price, its Upstox id. */
  update(order: LiveOrder): void;
  /** The orders still PENDING, so a restarted broker follows them again. */
  pending(): LiveOrder[];
}

export interface LiveBrokerOptions {
  account: LiveBrokerAccount;
  /** Default: orders only in this process's memory. */
  store?: LiveOrderStore;
  /** Default: an UpstoxOrderClient on the account's base URL and token, with its own throttle. */
  client?: UpstoxOrderClient;
  throttle?: OrderThrottle;
  /** Our symbol → Upstox instrument key (NSE_EQ|ISIN), and back; default: the instrument catalogue. */
  instrumentKey?: (symbol: string) => string | undefined;
  symbolFor?: (instrumentKey: string) => string | undefined;
  now?: () => number;
  newOrderId?: () => string;
  /** Told when the chase of an unconfirmed cancel hits an error (it keeps trying). */
  onChaseError?: (error: unknown, orderId: string | null) => void;
}

/** What a halt did to the live orders at once: cancelled before they were sent, or chased at Upstox. */
export interface LiveHaltCancellation {
  cancelled: number;
  chasing: number;
}

/** A place call stopped inside the throttle: the order was never sent. */
class NotSentError extends Error {}

export interface LiveSyncResult {
  orders: LiveOrder[];
  fills: LiveFill[];
  positions: Position[];
  syncedAt: number;
}

/**
 * Real orders through Upstox, with the paper broker's surface: submit, cancel, sync, positions. Orders
 * are delivery ('D'), day-valid; each carries our order id as its Upstox tag so an order whose
 * placement went unanswered can be found again. It refuses everything while the account has a problem.
 */
export class LiveBroker {
  private readonly account: LiveBrokerAccount;
  private readonly client: UpstoxOrderClient;
  private readonly instrumentKey: (symbol: string) => string | undefined;
  private readonly symbolFor: (instrumentKey: string) => string | undefined;
  private readonly now: () => number;
  private readonly newOrderId: () => string;
  private readonly orders = new Map<string, LiveOrder>();
  private readonly firstSeen = new Map<string, number>();
  private orderStore: LiveOrderStore | null = null;
  private gate: Pick<OrderGate, 'haltRefusal'> | null = null;
  /** Orders whose place call is under way: still waiting in the throttle, or sent and unanswered. */
  private readonly sending = new Map<string, 'queued' | 'sent'>();
  /** The halt's own closing sales: a later stop must not cancel them. */
  private readonly haltSales = new Set<string>();
  private readonly chase: CancelChase;

  constructor(options: LiveBrokerOptions) {
    this.account = options.account;
    this.client =
      options.client ??
      new UpstoxOrderClient({
        baseUrl: options.account.rest.baseUrl,
        accessToken: () => options.account.session()?.accessToken ?? null,
        throttle: options.throttle,
      });
    this.instrumentKey = options.instrumentKey ?? ((symbol) => findInstrument(symbol)?.instrumentKey);
    this.symbolFor = options.symbolFor ?? ((key) => findInstrument(key)?.symbol);
    this.now = options.now ?? Date.now;
    // Short and alphanumeric: it travels as the Upstox tag, whose length and alphabet are limited.
    this.newOrderId = options.newOrderId ?? (() => `LV${crypto.randomBytes(8).toString('hex')}`);
    this.chase = new CancelChase({
      client: this.client,
      order: (id) => this.orders.get(id),
      awaitingAnswer: (id) => this.sending.has(id),
      store: (order) => this.store(order),
      canReachUpstox: () => this.account.problem() === null,
      now: this.now,
      onError: options.onChaseError,
    });
    if (options.store) this.keepOrdersIn(options.store);
  }

  /**
   * From now on every order is recorded in `store` as it is placed and as it changes; the orders the
   * store still holds PENDING (placed before a restart) are followed again, found at the next sync.
   */
  keepOrdersIn(store: LiveOrderStore): void {
    this.orderStore = store;
    for (const order of store.pending()) if (!this.orders.has(order.id)) this.orders.set(order.id, order);
  }

  /** Every order from now on passes the trading halt first (safety/): nothing reaches Upstox while halted. */
  useGate(gate: Pick<OrderGate, 'haltRefusal'>): void {
    this.gate = gate;
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

  /** Places the order; it stays PENDING until sync() sees it fill. Upstox's 4xx refusal comes back REJECTED. */
  async submit(request: OrderRequest): Promise<LiveOrder> {
    return this.begin(request).placed;
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
    const halted = this.gate?.haltRefusal(request);
    if (halted) throw new LiveBrokerError(409, halted, 'trading_halted');
    this.refuseWhenUnavailable();
    const body = placeOrderBody(request, this.instrumentKey(request.symbol));
    const now = this.now();
    // Never a replay: the live broker only places real orders.
    const order: LiveOrder = {
      ...pendingOrder({ ...request, simulatedReplay: false }, this.newOrderId(), now),
      brokerOrderId: null,
    };
    body.tag = order.id;
    // Recorded before Upstox is asked: a crash after placing must not forget an order in flight.
    this.orderStore?.record({ ...order });
    this.orders.set(order.id, order);
    this.sending.set(order.id, 'queued');
    if (haltSale) this.haltSales.add(order.id);
    return { order: { ...order }, placed: this.place(request, order, body, haltSale) };
  }

  /**
   * Inside the throttle, immediately before the place call goes out (after any wait or 429 retry):
   * an order cancelled while it waited, or caught by a halt that landed meanwhile, is never sent.
   * The halt's own closing sales (`haltSale`) are the one exception.
   */
  private checkBeforeSend(request: OrderRequest, orderId: string, haltSale: boolean): void {
    const current = this.orders.get(orderId);
    if (current?.status !== 'PENDING') throw new NotSentError(current?.rejectReason ?? 'Cancelled.');
    const halted = haltSale ? null : this.gate?.haltRefusal(request);
    if (halted) throw new NotSentError(`Not sent to Upstox: ${halted}`);
    this.sending.set(orderId, 'sent');
  }

  private async place(
    request: OrderRequest,
    order: LiveOrder,
    body: ReturnType<typeof placeOrderBody>,
    haltSale: boolean,
  ): Promise<LiveOrder> {
    try {
      const [brokerOrderId] = await this.client.placeOrder(body, () =>
        this.checkBeforeSend(request, order.id, haltSale),
      );
      this.sending.delete(order.id);
      // The chase may have found it by its tag and moved it on meanwhile: keep what it learnt.
      const current = this.orders.get(order.id) ?? order;
      const placed = this.store({ ...current, brokerOrderId: current.brokerOrderId ?? brokerOrderId! });
      this.chase.confirmed(order.id);
      return placed;
    } catch (error) {
      this.sending.delete(order.id);
      if (error instanceof NotSentError) {
        const current = this.orders.get(order.id) ?? order;
        if (current.status !== 'PENDING') return { ...current };
        return this.store({
          ...current,
          status: 'CANCELLED',
          rejectReason: error.message,
          updatedAt: this.now(),
        });
      }
      if (error instanceof UpstoxApiError) {
        return this.store({
          ...order,
          status: 'REJECTED',
          rejectReason: error.message,
          updatedAt: this.now(),
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
      this.orders.delete(order.id);
      const refused = liveBrokerError(error);
      const notPlaced: LiveOrder = {
        ...order,
        status: 'REJECTED',
        rejectReason: `Not placed: ${refused instanceof Error ? refused.message : String(refused)}`,
        updatedAt: this.now(),
      };
      this.orderStore?.update(notPlaced);
      this.chase.settled(notPlaced);
      throw refused;
    }
  }

  /**
   * Cancels the order. One still waiting in the throttle is never sent and reads CANCELLED at once;
   * otherwise Upstox is asked, and the order stays PENDING until Upstox reports it cancelled (followed
   * in the background). One sent but not yet named by Upstox is cancelled as soon as Upstox names it.
   */
  async cancel(orderId: string): Promise<LiveOrder> {
    const order = this.orders.get(orderId);
    if (order?.status === 'PENDING' && this.sending.get(orderId) === 'queued') {
      const reason = 'Cancelled before it was sent to Upstox.';
      return this.store({ ...order, status: 'CANCELLED', rejectReason: reason, updatedAt: this.now() });
    }
    this.refuseWhenUnavailable();
    if (!order) throw new LiveBrokerError(404, `There is no live order ${orderId}.`, 'unknown_order');
    if (order.status !== 'PENDING') return { ...order };
    if (!order.brokerOrderId) {
      this.chase.want(orderId);
      return { ...order };
    }
    try {
      await this.client.cancelOrder(order.brokerOrderId);
    } catch (error) {
      if (!(error instanceof UpstoxApiError)) throw liveBrokerError(error);
      // Refused, most often because it has just filled: the order shows what Upstox says it is now.
      await this.latestFromUpstox(order);
      const message = `Upstox would not cancel order ${orderId}: ${error.message}`;
      throw new LiveBrokerError(409, message, 'upstox_error');
    }
    const latest = await this.latestFromUpstox(order);
    if (latest.status === 'PENDING') this.chase.want(orderId, { asked: true });
    return latest;
  }

  /** The order as Upstox's order details now report it; as it was when Upstox does not say. */
  private async latestFromUpstox(order: LiveOrder): Promise<LiveOrder> {
    try {
      const row = await this.client.orderDetails(order.brokerOrderId!);
      return this.store(applyUpstoxState(order, row, [], this.now()));
    } catch (error) {
      // The chase (or the next sync) reads the outcome from the order book.
      if (error instanceof UpstoxApiError || error instanceof UpstoxNoAnswerError) return { ...order };
      throw liveBrokerError(error);
    }
  }

  /** True while a cancel of this order is being followed until Upstox reports how it ended. */
  cancelRequested(orderId: string): boolean {
    return this.chase.isChasing(orderId);
  }

  /**
   * The halt's side of the live account: an order still waiting in the throttle ends CANCELLED at once
   * with `reason` and is never sent; every other pending order is chased until Upstox cancels it (or
   * reports it filled), each ending told to `onEnd`. Needs no Upstox call to return.
   */
  cancelAllPending(reason: string, onEnd: ChaseEnd): LiveHaltCancellation {
    let cancelled = 0;
    let chasing = 0;
    for (const order of this.orders.values()) {
      if (order.status !== 'PENDING' || this.haltSales.has(order.id)) continue;
      if (this.sending.get(order.id) === 'queued') {
        this.store({ ...order, status: 'CANCELLED', rejectReason: reason, updatedAt: this.now() });
        cancelled += 1;
      } else {
        this.chase.want(order.id, { onEnd });
        chasing += 1;
      }
    }
    return { cancelled, chasing };
  }

  /** Resolves once no cancel is being chased (tests and shutdown wait on it). */
  cancelsSettled(): Promise<void> {
    return this.chase.idle();
  }

  /** Pulls the day's order book, executions and positions from Upstox and brings our orders up to date. */
  async sync(): Promise<LiveSyncResult> {
    this.refuseWhenUnavailable();
    try {
      const [book, trades] = await Promise.all([this.client.orderBook(), this.client.tradesForDay()]);
      const positions = await this.fetchPositions();
      const now = this.now();
      const byBrokerId = new Map(book.map((row) => [row.order_id, row]));
      const byTag = new Map(book.filter((row) => row.tag).map((row) => [row.tag!, row]));
      const tradesByOrder = groupTrades(trades);
      const fills: LiveFill[] = [];
      for (const order of this.orders.values()) {
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
            this.store({ ...order, status: 'CANCELLED', rejectReason: reason, updatedAt: now });
            continue;
          }
          if (
            !order.brokerOrderId &&
            order.status === 'PENDING' &&
            !this.sending.has(order.id) &&
            now - order.createdAt > UNCONFIRMED_GRACE_MS
          ) {
            const reason =
              'Upstox has no record of this order: its placement went unanswered and it was not placed.';
            this.store({ ...order, status: 'REJECTED', rejectReason: reason, updatedAt: now });
          }
          continue;
        }
        const orderTrades = tradesByOrder.get(row.order_id) ?? [];
        const updated = this.store(applyUpstoxState(order, row, orderTrades, now));
        fills.push(...fillsFromTrades(updated, orderTrades, now));
      }
      return { orders: this.list(), fills, positions, syncedAt: now };
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  /** What the Upstox account holds now: demat holdings plus today's positions, in paise. */
  async positions(): Promise<Position[]> {
    this.refuseWhenUnavailable();
    try {
      return await this.fetchPositions();
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  /** The cash the Upstox equity segment can spend now (available margin), in paise. */
  async funds(): Promise<{ availablePaise: number }> {
    this.refuseWhenUnavailable();
    try {
      const { availableMarginRupees } = await this.client.equityFunds();
      return { availablePaise: rupeesToPaise(availableMarginRupees) };
    } catch (error) {
      throw liveBrokerError(error);
    }
  }

  /** The orders this broker has placed since it started, newest first (a local read; no Upstox call). */
  list(): LiveOrder[] {
    return [...this.orders.values()].sort((a, b) => b.createdAt - a.createdAt).map((order) => ({ ...order }));
  }

  order(orderId: string): LiveOrder | undefined {
    const order = this.orders.get(orderId);
    return order ? { ...order } : undefined;
  }

  private async fetchPositions(): Promise<Position[]> {
    const [holdings, positions] = await Promise.all([
      this.client.longTermHoldings(),
      this.client.shortTermPositions(),
    ]);
    const now = this.now();
    const symbolFor = (key: string, tradingSymbol: string | undefined) =>
      this.symbolFor(key) ?? tradingSymbol ?? key;
    const openedAt = (symbol: string) => this.firstSeen.get(symbol) ?? now;
    const result = livePositions(holdings, positions, symbolFor, openedAt, now);
    for (const position of result)
      if (!this.firstSeen.has(position.symbol)) this.firstSeen.set(position.symbol, now);
    return result;
  }

  private refuseWhenUnavailable(): void {
    const problem = this.account.problem();
    if (problem) throw new LiveBrokerError(409, problem, 'live_unavailable');
  }

  private store(order: LiveOrder): LiveOrder {
    const before = this.orders.get(order.id);
    this.orders.set(order.id, order);
    if (this.orderStore && (!before || changed(before, order))) this.orderStore.update({ ...order });
    this.chase.settled(order);
    return { ...order };
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

function groupTrades(trades: readonly UpstoxTradeRow[]): Map<string, UpstoxTradeRow[]> {
  const byOrder = new Map<string, UpstoxTradeRow[]>();
  for (const trade of trades) {
    const list = byOrder.get(trade.order_id);
    if (list) list.push(trade);
    else byOrder.set(trade.order_id, [trade]);
  }
  return byOrder;
}
