import { auditEntryOf, type OrderDecision } from '../../../core/order-audit';
import {
  type AccountId,
  type Fill,
  type Order,
  type OrderRequest,
  type OrderStatus,
  type Position,
  pendingOrder,
} from '../../../core/orders';
import { AccountLedger } from './account-ledger';
import { averagePrice } from './cost-basis';
import { type Execution, type FillInput, requireExecution, requireOrderRequest } from './fill-input';
import { requirePaise, requireQuantity, rupees, turnoverPaise } from './ledger-checks';
import { LedgerError } from './ledger-error';
import type { LiveOrderRecord } from './live-orders';
import { orderedId } from './ordered-id';
import { addToPosition, takeFromPosition } from './position-book';

export type { Execution, FillInput } from './fill-input';

/**
 * The durable book of an account: cash as a ledger of signed entries, orders, fills and positions
 * at cost. Every mutation is one IMMEDIATE transaction (a savepoint inside the caller's) that
 * leaves cash equal to the entries' sum; a refusal throws LedgerError and writes nothing. The
 * engine checks limits first; the refusals here are the last line of defence.
 *
 * Writes return what they wrote, built from the values they stored, instead of reading it back.
 */
export class Ledger extends AccountLedger {
  /** Records a new order, PENDING for the engine to fill or REJECTED with the reason it gave. */
  placeOrder(
    request: OrderRequest,
    status: 'PENDING' | 'REJECTED' = 'PENDING',
    rejectReason?: string,
  ): Order {
    requireOrderRequest(request);
    if (status === 'REJECTED' && !rejectReason) throw new LedgerError('A rejected order needs its reason.');
    return this.write(() => {
      this.requireOpen(request.account);
      const ts = this.now();
      const order = pendingOrder(request, orderedId(ts), ts);
      order.status = status;
      order.rejectReason = status === 'REJECTED' ? rejectReason! : null;
      this.ordersRepo.insert(order);
      this.audit(order, request);
      return order;
    });
  }

  /**
   * Records an order together with the one execution that fills it whole, in a single savepoint:
   * the order row is written once, already FILLED with its totals, so there is no PENDING row to
   * update and no status index entry to move. The same refusals as recordFill apply.
   */
  placeFilledOrder(request: OrderRequest, execution: Execution): { order: Order; fill: Fill } {
    requireOrderRequest(request);
    requireExecution(execution);
    if (execution.quantity !== request.quantity) {
      throw new LedgerError(`A fill of ${execution.quantity} does not fill an order of ${request.quantity}.`);
    }
    const turnover = turnoverPaise(execution.quantity, execution.pricePaise);
    return this.write(() => {
      const created = this.now();
      const order = pendingOrder(request, orderedId(created), created);
      const held = this.refuseWhatCannotSettle(order, execution, turnover);
      const fillId = orderedId(execution.ts);
      order.status = 'FILLED';
      order.filledQuantity = execution.quantity;
      order.averagePrice = execution.pricePaise;
      order.chargesPaise = execution.charges.total;
      order.realisedPnlPaise = this.movePosition(order, held, execution);
      order.updatedAt = execution.ts;
      this.ordersRepo.insert(order);
      this.audit(order, request);
      return { order, fill: this.insertFill(order, fillId, execution, turnover) };
    });
  }

  /**
   * Records a live order under the 'live' account as it is placed: the order row (and its Upstox
   * id once known) only. The live account's cash, positions and fills are Upstox's, and the synced
   * account is the truth for them, so nothing here moves money; the 'live' account row is created,
   * empty, on first use (its cash and its entries both stay 0).
   */
  recordLiveOrder(order: LiveOrderRecord, decision?: OrderDecision): void {
    if (order.account !== 'live')
      throw new LedgerError('Only an order on the live account is recorded here.');
    requireQuantity(order.quantity);
    if (order.symbol.trim() === '') throw new LedgerError('An order needs a symbol.');
    if (order.limitPrice !== null) requirePaise(order.limitPrice, 'A limit price', { positive: true });
    this.write(() => {
      this.ledgerRepo.ensureLiveAccount(order.createdAt);
      this.ordersRepo.insert(order);
      this.audit(order, { decision });
      if (order.brokerOrderId) this.ordersRepo.setBrokerOrderId(order.id, order.brokerOrderId);
    });
  }

  /** Brings a recorded live order to what Upstox reports: status, reason, quantity filled, average price, its Upstox id. */
  updateLiveOrder(order: LiveOrderRecord): void {
    if (!Number.isSafeInteger(order.filledQuantity) || order.filledQuantity < 0) {
      throw new LedgerError('A filled quantity must be a whole number of shares, not negative.');
    }
    this.write(() => {
      if (!this.ordersRepo.updateLiveOrder(order))
        throw new LedgerError(`There is no live order ${order.id}.`);
      if (order.brokerOrderId) this.ordersRepo.setBrokerOrderId(order.id, order.brokerOrderId);
    });
  }

  /** The live orders still PENDING, oldest first, each with its Upstox id when Upstox confirmed it. */
  pendingLiveOrders(): LiveOrderRecord[] {
    return this.ordersRepo.pendingLiveOrders();
  }

  /** Ends a pending order; what already filled stays filled. */
  setOrderStatus(id: string, status: Extract<OrderStatus, 'CANCELLED' | 'REJECTED'>, reason?: string): Order {
    return this.write(() => {
      const order = this.requirePending(id);
      const ts = this.now();
      this.ordersRepo.setStatus(id, status, reason ?? null, ts);
      return { ...order, status, rejectReason: reason ?? null, updatedAt: ts };
    });
  }

  /** Books one execution against a pending order: fill, cash entries, position, order totals. */
  recordFill(input: FillInput): Fill {
    requireExecution(input);
    const turnover = turnoverPaise(input.quantity, input.pricePaise);
    return this.write(() => {
      const order = this.requirePending(input.orderId);
      const held = this.refuseWhatCannotSettle(order, input, turnover);
      const realised = this.movePosition(order, held, input);
      const fill = this.insertFill(order, orderedId(input.ts), input, turnover);
      this.addFillToOrder(order, input, turnover, realised);
      return fill;
    });
  }

  /**
   * Cancels every pending order of the account in one unit, each as setOrderStatus ends it (the
   * trading halt's cancellation); returns how many.
   */
  cancelPendingOrders(account: AccountId, reason: string): number {
    return this.write(() => {
      const ids = this.ordersRepo.pendingOrderIds(account);
      for (const id of ids) this.setOrderStatus(id, 'CANCELLED', reason);
      return ids.length;
    });
  }

  /**
   * The order's audit row, in the order's own unit: after the insert, so a key already used (which
   * throws there) leaves no row. Orders replayed over generated history are no one's decision.
   */
  private audit(order: Order, { decision }: Pick<OrderRequest, 'decision'>): void {
    if (!this.orderAudit || order.simulatedReplay) return;
    this.orderAudit.append(auditEntryOf(order, decision, orderedId(order.createdAt), this.now()));
  }

  /** A buy adds to the position (one upsert); a sell takes from the one `held` (one update). */
  private movePosition(order: Order, held: Position | undefined, execution: Execution): number {
    return held
      ? takeFromPosition(this.ledgerRepo, order.account, held, execution)
      : addToPosition(this.ledgerRepo, order.account, order.symbol, execution);
  }

  /** The fill row and its cash entries: the trade, then the charges, with the balance moved once. */
  private insertFill(order: Order, id: string, execution: Execution, turnover: number): Fill {
    const { charges } = execution;
    const product = execution.product ?? order.product;
    const fill: Fill = {
      id,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      quantity: execution.quantity,
      price: execution.pricePaise,
      product,
      charges: { ...charges },
      ts: execution.ts,
    };
    this.ledgerRepo.insertFill(order.account, fill);
    const trade = order.side === 'BUY' ? (['buy', -turnover] as const) : (['sell', turnover] as const);
    const entries = charges.total > 0 ? [trade, ['charges', -charges.total] as const] : [trade];
    this.postAll(order.account, entries, execution.ts, { orderId: order.id, fillId: id });
    return fill;
  }

  /**
   * Filled quantity, the VWAP over the order's fills (no rounding carried: a later fill sums the
   * stored ones again), charges, P&L.
   */
  private addFillToOrder(order: Order, fill: FillInput, turnover: number, realised: number): void {
    const filled = order.filledQuantity + fill.quantity;
    const traded = order.filledQuantity === 0 ? turnover : this.ledgerRepo.tradedPaise(order.id);
    this.ordersRepo.addFill(order.id, {
      filledQuantity: filled,
      averagePrice: averagePrice(traded, filled),
      addedChargesPaise: fill.charges.total,
      addedRealisedPnlPaise: realised,
      status: filled === order.quantity ? 'FILLED' : 'PENDING',
      updatedAt: fill.ts,
    });
  }

  private requirePending(id: string): Order {
    const order = this.order(id);
    if (!order) throw new LedgerError(`There is no order ${id}.`);
    if (order.status !== 'PENDING') {
      throw new LedgerError(`Order ${id} is already ${order.status}; only a pending order can change.`);
    }
    return order;
  }

  /** The last line of defence: no overfill, no short sale, no buy the cash cannot pay for. */
  private refuseWhatCannotSettle(order: Order, fill: Execution, turnover: number): Position | undefined {
    const left = order.quantity - order.filledQuantity;
    if (fill.quantity > left) {
      throw new LedgerError(`A fill of ${fill.quantity} is more than the ${left} left on order ${order.id}.`);
    }
    const { account, symbol } = order;
    const cash = this.cashPaise(account);
    const charges = fill.charges.total;
    if (order.side === 'BUY') {
      if (turnover + charges > cash) {
        throw new LedgerError(
          `Not enough cash: buying ${fill.quantity} ${symbol} needs ${rupees(turnover + charges)} with charges, and the ${account} account holds ${rupees(cash)}.`,
        );
      }
      return undefined;
    }
    const held = this.position(account, symbol);
    if (!held || held.quantity < fill.quantity) {
      throw new LedgerError(
        `Cannot sell ${fill.quantity} ${symbol}: the ${account} account holds ${held?.quantity ?? 0}.`,
      );
    }
    if (cash + turnover < charges) {
      throw new LedgerError(`The charges on this sale of ${symbol} are more than the cash and its proceeds.`);
    }
    return held;
  }
}
