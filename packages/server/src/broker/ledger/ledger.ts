import { randomUUID } from 'node:crypto';
import type { Charges, Fill, Order, OrderRequest, OrderStatus, Position } from '../broker-types';
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
import { addToPosition, takeFromPosition } from './position-book';

export interface FillInput {
  orderId: string;
  quantity: number;
  pricePaise: number;
  charges: Charges;
  ts: number;
}

/**
 * The durable book of an account: cash as a ledger of signed entries, orders, fills and positions
 * at cost. Every mutation is one IMMEDIATE transaction that leaves cash equal to the entries' sum;
 * a refusal throws LedgerError and writes nothing. The engine checks limits first; the refusals
 * here are the last line of defence.
 */
export class Ledger extends AccountLedger {
  /** Records a new order, PENDING for the engine to fill or REJECTED with the reason it gave. */
  placeOrder(
    request: OrderRequest,
    status: 'PENDING' | 'REJECTED' = 'PENDING',
    rejectReason?: string,
  ): Order {
    requireQuantity(request.quantity);
    if (request.symbol.trim() === '') throw new LedgerError('An order needs a symbol.');
    if (request.type === 'LIMIT') {
      requirePaise(request.limitPrice ?? Number.NaN, 'A limit price', { positive: true });
    }
    if (status === 'REJECTED' && !rejectReason) throw new LedgerError('A rejected order needs its reason.');
    const id = randomUUID();
    this.write(() => {
      this.requireOpen(request.account);
      const ts = this.now();
      this.sql(
        `INSERT INTO orders (id, account, symbol, side, type, quantity, limit_price_paise, status, reject_reason,
           strategy, simulated_replay, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        request.account,
        request.symbol,
        request.side,
        request.type,
        request.quantity,
        request.type === 'LIMIT' ? request.limitPrice : null,
        status,
        status === 'REJECTED' ? rejectReason : null,
        request.strategy,
        request.simulatedReplay ? 1 : 0,
        ts,
        ts,
      );
    });
    return this.order(id)!;
  }

  /** Ends a pending order; what already filled stays filled. */
  setOrderStatus(id: string, status: Extract<OrderStatus, 'CANCELLED' | 'REJECTED'>, reason?: string): Order {
    this.write(() => {
      this.requirePending(id);
      this.sql('UPDATE orders SET status = ?, reject_reason = ?, updated_at = ? WHERE id = ?').run(
        status,
        reason ?? null,
        this.now(),
        id,
      );
    });
    return this.order(id)!;
  }

  /** Books one execution against a pending order: fill, cash entries, position, order totals. */
  recordFill(input: FillInput): Fill {
    requireQuantity(input.quantity);
    requirePaise(input.pricePaise, 'A fill price', { positive: true });
    requireCharges(input.charges);
    requireTimestamp(input.ts);
    const turnover = turnoverPaise(input.quantity, input.pricePaise);
    const id = randomUUID();
    this.write(() => {
      const order = this.requirePending(input.orderId);
      const held = this.refuseWhatCannotSettle(order, input, turnover);
      const realised = held
        ? takeFromPosition(this.sql, order.account, held, input)
        : addToPosition(this.sql, order.account, order.symbol, input);
      this.sql(
        `INSERT INTO fills (id, order_id, account, symbol, side, quantity, price_paise, charges_json, charges_paise, ts)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        order.id,
        order.account,
        order.symbol,
        order.side,
        input.quantity,
        input.pricePaise,
        JSON.stringify(input.charges),
        input.charges.total,
        input.ts,
      );
      const refs = { orderId: order.id, fillId: id };
      if (order.side === 'BUY') this.post(order.account, 'buy', -turnover, input.ts, refs);
      else this.post(order.account, 'sell', turnover, input.ts, refs);
      if (input.charges.total > 0) this.post(order.account, 'charges', -input.charges.total, input.ts, refs);
      this.addFillToOrder(order, input, realised);
    });
    return this.fills(input.orderId).find((fill) => fill.id === id)!;
  }

  /** Filled quantity, the VWAP recomputed from the fills themselves (no rounding carried), charges, P&L. */
  private addFillToOrder(order: Order, fill: FillInput, realised: number): void {
    const filled = order.filledQuantity + fill.quantity;
    const { traded } = this.sql(
      'SELECT SUM(quantity * price_paise) AS traded FROM fills WHERE order_id = ?',
    ).get(order.id) as { traded: number };
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
  private refuseWhatCannotSettle(order: Order, fill: FillInput, turnover: number): Position | undefined {
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
