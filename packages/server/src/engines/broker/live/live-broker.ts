import crypto from 'node:crypto';
import type { OrderRequest, Position } from '../../../core/orders';
import { findInstrument } from '../../market/instruments';
import type { OrderGate } from '../limits';
import { LiveBrokerError } from './live-broker-error';
import type { LiveBrokerParts } from './live-broker-parts';
import { CancelChase, type ChaseEnd } from './live-cancel-chase';
import { LiveCancellation, type LiveHaltCancellation } from './live-cancellation';
import { LiveOrderBook, type LiveOrderStore } from './live-order-book';
import { LivePlacement } from './live-placement';
import { LiveSync, type LiveSyncResult } from './live-sync';
import { GENERIC_ALGO_ID } from './order-tag';
import type { OrderThrottle } from './order-throttle';
import { UpstoxOrderClient } from './upstox-order-client';
import type { LiveOrder } from './upstox-order-mapping';

export type { LiveHaltCancellation } from './live-cancellation';
export type { LiveOrderStore } from './live-order-book';
export type { LiveSyncResult } from './live-sync';

/** What the live broker needs of the Upstox account; UpstoxAccount fits as it is. */
export interface LiveBrokerAccount {
  /** The trader-facing sentence for why the account cannot trade now; null when it can. */
  problem(): string | null;
  session(): { accessToken: string } | null;
  readonly rest: { readonly baseUrl: string };
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
  /** The algo identifier each order carries in its tag; default the broker's generic one. */
  algoId?: () => string;
  /** Told when the chase of an unconfirmed cancel hits an error (it keeps trying). */
  onChaseError?: (error: unknown, orderId: string | null) => void;
}

/**
 * Real orders through Upstox, with the paper broker's surface: submit, cancel, sync, positions. Orders
 * are delivery ('D'), day-valid; each carries our order id as its Upstox tag so an order whose
 * placement went unanswered can be found again. It refuses everything while the account has a problem.
 * Placement, cancellation and the Upstox sync are pieces over one order book (live-placement.ts,
 * live-cancellation.ts, live-sync.ts).
 */
export class LiveBroker {
  private readonly book = new LiveOrderBook();
  private readonly placement: LivePlacement;
  private readonly cancellation: LiveCancellation;
  private readonly upstox: LiveSync;
  private gate: Pick<OrderGate, 'haltRefusal'> | null = null;
  /** The one throttle every place, modify and cancel of this account goes through. */
  readonly throttle: OrderThrottle;

  constructor(options: LiveBrokerOptions) {
    const account = options.account;
    const client =
      options.client ??
      new UpstoxOrderClient({
        baseUrl: account.rest.baseUrl,
        accessToken: () => account.session()?.accessToken ?? null,
        throttle: options.throttle,
      });
    this.throttle = client.throttle;
    const now = options.now ?? Date.now;
    const chase = new CancelChase({
      client,
      order: (id) => this.book.orders.get(id),
      awaitingAnswer: (id) => this.book.sending.has(id),
      store: (order) => this.book.store(order),
      canReachUpstox: () => account.problem() === null,
      now,
      onError: options.onChaseError,
    });
    this.book.onStored = (order) => chase.settled(order);
    const parts: LiveBrokerParts = {
      book: this.book,
      client,
      chase,
      now,
      refuseWhenUnavailable: () => {
        const problem = account.problem();
        if (problem) throw new LiveBrokerError(409, problem, 'live_unavailable');
      },
    };
    this.placement = new LivePlacement({
      ...parts,
      gate: () => this.gate,
      instrumentKey: options.instrumentKey ?? ((symbol) => findInstrument(symbol)?.instrumentKey),
      // Short and alphanumeric: it travels as the Upstox tag, whose length and alphabet are limited.
      newOrderId: options.newOrderId ?? (() => `LV${crypto.randomBytes(8).toString('hex')}`),
      algoId: options.algoId ?? (() => GENERIC_ALGO_ID),
    });
    this.cancellation = new LiveCancellation(parts);
    this.upstox = new LiveSync({
      ...parts,
      symbolFor: options.symbolFor ?? ((key) => findInstrument(key)?.symbol),
    });
    if (options.store) this.keepOrdersIn(options.store);
  }

  /**
   * From now on every order is recorded in `store` as it is placed and as it changes; the orders the
   * store still holds PENDING (placed before a restart) are followed again, found at the next sync.
   */
  keepOrdersIn(store: LiveOrderStore): void {
    this.book.keepOrdersIn(store);
  }

  /** Every order from now on passes the trading halt first (safety/): nothing reaches Upstox while halted. */
  useGate(gate: Pick<OrderGate, 'haltRefusal'>): void {
    this.gate = gate;
  }

  /** The orders still PENDING (placed, or not yet confirmed by Upstox). */
  pendingOrders(): LiveOrder[] {
    return this.book.pendingOrders();
  }

  /** Symbols with an order still PENDING: one is in flight for each, so another would buy (or sell) twice. */
  pendingSymbols(): Set<string> {
    return this.book.pendingSymbols();
  }

  /** Places the order; it stays PENDING until sync() sees it fill. Upstox's 4xx refusal comes back REJECTED. */
  async submit(request: OrderRequest): Promise<LiveOrder> {
    return this.begin(request).placed;
  }

  /** submit() in two halves: see LivePlacement.begin. */
  begin(
    request: OrderRequest,
    options: { haltSale?: boolean } = {},
  ): { order: LiveOrder; placed: Promise<LiveOrder> } {
    return this.placement.begin(request, options);
  }

  cancel(orderId: string): Promise<LiveOrder> {
    return this.cancellation.cancel(orderId);
  }

  /** True while a cancel of this order is being followed until Upstox reports how it ended. */
  cancelRequested(orderId: string): boolean {
    return this.cancellation.cancelRequested(orderId);
  }

  cancelAllPending(reason: string, onEnd: ChaseEnd): LiveHaltCancellation {
    return this.cancellation.cancelAllPending(reason, onEnd);
  }

  /** Resolves once no cancel is being chased (tests and shutdown wait on it). */
  cancelsSettled(): Promise<void> {
    return this.cancellation.cancelsSettled();
  }

  sync(): Promise<LiveSyncResult> {
    return this.upstox.sync();
  }

  positions(): Promise<Position[]> {
    return this.upstox.positions();
  }

  funds(): Promise<{ availablePaise: number }> {
    return this.upstox.funds();
  }

  /** The orders this broker has placed since it started, newest first (a local read; no Upstox call). */
  list(): LiveOrder[] {
    return this.book.list();
  }

  order(orderId: string): LiveOrder | undefined {
    return this.book.order(orderId);
  }
}
