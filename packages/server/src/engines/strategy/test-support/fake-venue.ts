import type { Order, OrderRequest, Position } from '../../../core/orders';
import type { TradingVenue } from '../../../core/ports/trading-venue';
import { istDateOf } from '../../market/calendar';

/**
 * An in-memory venue: market orders fill at the last price, no charges, no shorting. Enough to
 * watch what the loop decides; the ledger's accounting is tested where it lives.
 */
export class FakeVenue implements TradingVenue {
  readonly prices = new Map<string, number>();
  readonly submitted: OrderRequest[] = [];
  readonly rejectSymbols = new Set<string>();
  /** Overrides the computed day P&L when set (to push the account past its loss limit). */
  dayPnlOverride: number | null = null;
  private readonly held = new Map<string, Position>();
  private cash: number;
  private dayStartEquity: number;
  private day: string;
  private nextId = 1;

  constructor(
    cashPaise: number,
    private readonly now: () => number,
    /** Where prices come from; by default the `prices` map (a replay passes its feed). */
    private readonly priceOf: (symbol: string) => number | undefined = (symbol) => this.prices.get(symbol),
  ) {
    this.cash = cashPaise;
    this.dayStartEquity = cashPaise;
    this.day = istDateOf(now());
  }

  /** Puts a position on the books as if bought earlier at avgPaise, paid from cash. */
  hold(symbol: string, quantity: number, avgPaise: number, openedAt = this.now()): void {
    this.cash -= quantity * avgPaise;
    this.dayStartEquity -= quantity * avgPaise;
    this.held.set(symbol, {
      symbol,
      quantity,
      costPaise: quantity * avgPaise,
      realisedPnlPaise: 0,
      openedAt,
      updatedAt: openedAt,
    });
  }

  submit(request: OrderRequest): Order {
    this.submitted.push(request);
    const price = this.priceOf(request.symbol);
    const held = this.held.get(request.symbol);
    if (this.rejectSymbols.has(request.symbol) || price === undefined)
      return this.order(request, 'REJECTED', null);
    if (request.side === 'SELL' && (held?.quantity ?? 0) < request.quantity)
      return this.order(request, 'REJECTED', null);
    if (request.side === 'BUY') {
      if (this.cash < price * request.quantity) return this.order(request, 'REJECTED', null);
      this.cash -= price * request.quantity;
      const quantity = (held?.quantity ?? 0) + request.quantity;
      const cost = (held?.costPaise ?? 0) + price * request.quantity;
      this.held.set(request.symbol, {
        symbol: request.symbol,
        quantity,
        costPaise: cost,
        realisedPnlPaise: 0,
        openedAt: held?.openedAt ?? this.now(),
        updatedAt: this.now(),
      });
    } else if (held) {
      this.cash += price * request.quantity;
      const average = held.costPaise / held.quantity;
      const quantity = held.quantity - request.quantity;
      if (quantity === 0) this.held.delete(request.symbol);
      else
        this.held.set(request.symbol, {
          ...held,
          quantity,
          costPaise: average * quantity,
          updatedAt: this.now(),
        });
    }
    return this.order(request, 'FILLED', price);
  }

  positions(): Position[] {
    return [...this.held.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  }

  cashPaise(): number {
    return this.cash;
  }

  equityPaise(): number {
    let value = this.cash;
    for (const position of this.held.values()) {
      value += position.quantity * (this.priceOf(position.symbol) ?? position.costPaise / position.quantity);
    }
    return value;
  }

  lastPrice(symbol: string): number | undefined {
    return this.priceOf(symbol);
  }

  dayPnlPaise(): number {
    // A new IST day starts its P&L from the equity it opens with.
    if (istDateOf(this.now()) !== this.day) {
      this.day = istDateOf(this.now());
      this.dayStartEquity = this.equityPaise();
    }
    return this.dayPnlOverride ?? this.equityPaise() - this.dayStartEquity;
  }

  private order(request: OrderRequest, status: 'FILLED' | 'REJECTED', price: number | null): Order {
    const ts = this.now();
    return {
      id: `order-${this.nextId++}`,
      account: request.account,
      symbol: request.symbol,
      side: request.side,
      type: request.type,
      quantity: request.quantity,
      product: request.product ?? 'D',
      limitPrice: null,
      strategy: request.strategy,
      simulatedReplay: request.simulatedReplay ?? false,
      status,
      rejectReason: status === 'REJECTED' ? 'refused by the fake venue' : null,
      filledQuantity: status === 'FILLED' ? request.quantity : 0,
      averagePrice: price,
      chargesPaise: 0,
      realisedPnlPaise: 0,
      createdAt: ts,
      updatedAt: ts,
    };
  }
}
