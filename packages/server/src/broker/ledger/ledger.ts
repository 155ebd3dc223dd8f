import {
  type Charges,
  type Fill,
  type Order,
  type OrderRequest,
  type OrderStatus,
  type Position,
  type Product,
  pendingOrder,
} from '../broker-types';
import { AccountLedger } from './account-ledger';
import { averagePrice } from './cost-basis';
import {
  requireCharges,
  requirePaise,
  requireQuantity,
  requireTimestamp,
  rupees,
  turnoverPaise,
} from './ledger-checks';
import { LedgerError } from './ledger-error';
import { ORDER_COLUMNS, type OrderRow, orderFromRow } from './ledger-rows';
import type { LiveOrderRecord } from './live-orders';
import { orderedId } from './ordered-id';
import { addToPosition, takeFromPosition } from './position-book';

export interface FillInput {
  orderId: string;
  quantity: number;
  pricePaise: number;
  charges: Charges;
  ts: number;
  /** What the fill was charged as, when it differs from its order's product (a sell held overnight). */
  product?: Product;
}

/** One execution of a whole order: what a paper market order is. */
export type Execution = Omit<FillInput, 'orderId'>;

const INSERT_ORDER = `INSERT INTO orders (id, account, symbol, side, type, quantity, limit_price_paise, status, reject_reason,
  strategy, simulated_replay, filled_quantity, average_price_paise, charges_paise, realised_pnl_paise, created_at, updated_at, product)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

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
      this.insertOrder(order);
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
      this.insertOrder(order);
      return { order, fill: this.insertFill(order, fillId, execution, turnover) };
    });
  }

  /**
   * Records a live order under the 'live' account as it is placed: the order row (and its Upstox
   * id once known) only. The live account's cash, positions and fills are Upstox's, and the synced
   * account is the truth for them, so nothing here moves money; the 'live' account row is created,
   * empty, on first use (its cash and its entries both stay 0).
   */
  recordLiveOrder(order: LiveOrderRecord): void {
    if (order.account !== 'live')
      throw new LedgerError('Only an order on the live account is recorded here.');
    requireQuantity(order.quantity);
    if (order.symbol.trim() === '') throw new LedgerError('An order needs a symbol.');
    if (order.limitPrice !== null) requirePaise(order.limitPrice, 'A limit price', { positive: true });
    this.write(() => {
      this.sql(
        "INSERT INTO accounts (id, cash_paise, created_at) VALUES ('live', 0, ?) ON CONFLICT(id) DO NOTHING",
      ).run(order.createdAt);
      this.insertOrder(order);
      if (order.brokerOrderId) this.setBrokerOrderId(order.id, order.brokerOrderId);
    });
  }

  /** Brings a recorded live order to what Upstox reports: status, reason, quantity filled, average price, its Upstox id. */
  updateLiveOrder(order: LiveOrderRecord): void {
    if (!Number.isSafeInteger(order.filledQuantity) || order.filledQuantity < 0) {
      throw new LedgerError('A filled quantity must be a whole number of shares, not negative.');
    }
    this.write(() => {
      const { changes } = this.sql(
        `UPDATE orders SET status = ?, reject_reason = ?, filled_quantity = ?, average_price_paise = ?, updated_at = ?
         WHERE id = ? AND account = 'live'`,
      ).run(
        order.status,
        order.rejectReason,
        order.filledQuantity,
        order.averagePrice,
        order.updatedAt,
        order.id,
      );
      if (changes === 0) throw new LedgerError(`There is no live order ${order.id}.`);
      if (order.brokerOrderId) this.setBrokerOrderId(order.id, order.brokerOrderId);
    });
  }

  /** The live orders still PENDING, oldest first, each with its Upstox id when Upstox confirmed it. */
  pendingLiveOrders(): LiveOrderRecord[] {
    const rows = this.sql(
      `SELECT ${ORDER_COLUMNS}, broker_order_id FROM orders INDEXED BY orders_pending LEFT JOIN live_order_refs ON order_id = id
       WHERE account = 'live' AND status = 'PENDING' ORDER BY created_at, orders.rowid`,
    ).all() as (OrderRow & { broker_order_id: string | null })[];
    return rows.map((row) => ({ ...orderFromRow(row), brokerOrderId: row.broker_order_id }));
  }

  private setBrokerOrderId(orderId: string, brokerOrderId: string): void {
    this.sql(
      `INSERT INTO live_order_refs (order_id, broker_order_id) VALUES (?, ?)
       ON CONFLICT(order_id) DO UPDATE SET broker_order_id = excluded.broker_order_id`,
    ).run(orderId, brokerOrderId);
  }

  /** Ends a pending order; what already filled stays filled. */
  setOrderStatus(id: string, status: Extract<OrderStatus, 'CANCELLED' | 'REJECTED'>, reason?: string): Order {
    return this.write(() => {
      const order = this.requirePending(id);
      const ts = this.now();
      this.sql('UPDATE orders SET status = ?, reject_reason = ?, updated_at = ? WHERE id = ?').run(
        status,
        reason ?? null,
        ts,
        id,
      );
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

  private insertOrder(order: Order): void {
    this.sql(INSERT_ORDER).run(
      order.id,
      order.account,
      order.symbol,
      order.side,
      order.type,
      order.quantity,
      order.limitPrice,
      order.status,
      order.rejectReason,
      order.strategy,
      order.simulatedReplay ? 1 : 0,
      order.filledQuantity,
      order.averagePrice,
      order.chargesPaise,
      order.realisedPnlPaise,
      order.createdAt,
      order.updatedAt,
      order.product,
    );
  }

  /** A buy adds to the position (one upsert); a sell takes from the one `held` (one update). */
  private movePosition(order: Order, held: Position | undefined, execution: Execution): number {
    return held
      ? takeFromPosition(this.sql, order.account, held, execution)
      : addToPosition(this.sql, order.account, order.symbol, execution);
  }

  /** The fill row and its cash entries: the trade, then the charges, with the balance moved once. */
  private insertFill(order: Order, id: string, execution: Execution, turnover: number): Fill {
    const { charges } = execution;
    const product = execution.product ?? order.product;
    this.sql(
      `INSERT INTO fills (id, order_id, account, symbol, side, quantity, price_paise, charges_json, charges_paise, ts, product)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      order.id,
      order.account,
      order.symbol,
      order.side,
      execution.quantity,
      execution.pricePaise,
      JSON.stringify(charges),
      charges.total,
      execution.ts,
      product,
    );
    const trade = order.side === 'BUY' ? (['buy', -turnover] as const) : (['sell', turnover] as const);
    const entries = charges.total > 0 ? [trade, ['charges', -charges.total] as const] : [trade];
    this.postAll(order.account, entries, execution.ts, { orderId: order.id, fillId: id });
    return {
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
  }

  /**
   * Filled quantity, the VWAP over the order's fills (no rounding carried: a later fill sums the
   * stored ones again), charges, P&L.
   */
  private addFillToOrder(order: Order, fill: FillInput, turnover: number, realised: number): void {
    const filled = order.filledQuantity + fill.quantity;
    const traded =
      order.filledQuantity === 0
        ? turnover
        : (
            this.sql('SELECT SUM(quantity * price_paise) AS traded FROM fills WHERE order_id = ?').get(
              order.id,
            ) as { traded: number }
          ).traded;
    this.sql(
      `UPDATE orders SET filled_quantity = ?, average_price_paise = ?, charges_paise = charges_paise + ?,
         realised_pnl_paise = realised_pnl_paise + ?, status = ?, updated_at = ? WHERE id = ?`,
    ).run(
      filled,
      averagePrice(traded, filled),
      fill.charges.total,
      realised,
      filled === order.quantity ? 'FILLED' : 'PENDING',
      fill.ts,
      order.id,
    );
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

function requireOrderRequest(request: OrderRequest): void {
  requireQuantity(request.quantity);
  if (request.symbol.trim() === '') throw new LedgerError('An order needs a symbol.');
  if (request.type === 'LIMIT') {
    requirePaise(request.limitPrice ?? Number.NaN, 'A limit price', { positive: true });
  }
}

function requireExecution(execution: Execution): void {
  requireQuantity(execution.quantity);
  requirePaise(execution.pricePaise, 'A fill price', { positive: true });
  requireCharges(execution.charges);
  requireTimestamp(execution.ts);
}
