import type { Charges, Order } from '../../../core/orders';
import type { FillNote } from '../charges';
import { type Ledger, LedgerError } from '../ledger';
import { formatRupeesForMessage, type OrderGate } from '../limits';
import { limitOrderFill } from './fill-price';
import type { PaperOrderChecks } from './paper-order-checks';

/**
 * The paper account's resting limit orders: each is tried against its symbol's last price on a tick
 * (or the periodic check) and fills, with the limits checked again, once the price has crossed.
 */
export class RestingOrderBook {
  constructor(
    private readonly ledger: Ledger,
    /** The last price (the paper broker's PaperMarket). */
    private readonly market: { lastPrice(symbol: string): number | undefined },
    private readonly checks: PaperOrderChecks,
    /** The halt (safety/), once set: a halted order rests. */
    private readonly gate: () => Pick<OrderGate, 'haltRefusal'> | null,
    /** Runs one order's fill in its own IMMEDIATE transaction (the paper broker's). */
    private readonly immediate: (work: () => Order) => Order,
    private readonly now: () => number,
  ) {}

  /** The symbols with a resting paper order (the periodic check tries each). */
  restingSymbols(): Set<string> {
    const resting = this.ledger.orders({
      account: 'paper',
      status: 'PENDING',
      limit: 1000,
      offset: 0,
    }).orders;
    return new Set(resting.map((order) => order.symbol));
  }

  /** Called on every tick of a symbol: fills the resting limit orders the price has reached. */
  onPrice(symbol: string): void {
    const resting = this.ledger.orders({
      account: 'paper',
      status: 'PENDING',
      symbol,
      limit: 100,
      offset: 0,
    }).orders;
    for (const order of resting) {
      this.immediate(() => this.tryFillResting(order) ?? order);
    }
  }

  /** The order as it stands after trying it against the last price, or undefined when it still rests. */
  tryFillResting(order: Order): Order | undefined {
    const ltp = this.market.lastPrice(order.symbol);
    if (ltp === undefined || order.limitPrice === null) return undefined;
    if (this.gate()?.haltRefusal(order)) return undefined; // halted: it rests until cancelled or resumed
    const price = limitOrderFill(order.side, order.limitPrice, ltp);
    if (price === null) return undefined;
    // Limits are checked again when a resting order trades: the account may have changed since.
    const limits = this.ledger.limits(order.account);
    let charges: Charges;
    let product: FillNote['product'];
    try {
      ({ charges, product } = this.checks.note(order, price, limits));
    } catch (error) {
      if (error instanceof RangeError) return this.refuseFill(order, price, error);
      throw error;
    }
    const rejection = this.checks.check(order, price, limits, charges);
    if (rejection) return this.ledger.setOrderStatus(order.id, 'REJECTED', rejection.reason);
    try {
      this.ledger.recordFill({
        orderId: order.id,
        quantity: order.quantity,
        pricePaise: price,
        charges,
        product,
        ts: this.now(),
      });
    } catch (error) {
      // A ledger refusal writes nothing (e.g. a sale whose charges exceed the cash and its proceeds):
      // the order ends REJECTED with that sentence instead of resting, and failing, on every tick.
      if (error instanceof LedgerError) return this.refuseFill(order, price, error);
      throw error;
    }
    return this.ledger.order(order.id);
  }

  private refuseFill(order: Order, price: number, error: Error): Order {
    return this.ledger.setOrderStatus(
      order.id,
      'REJECTED',
      `Order rejected: it could not be filled at ${formatRupeesForMessage(price)}. ${error.message}`,
    );
  }
}
