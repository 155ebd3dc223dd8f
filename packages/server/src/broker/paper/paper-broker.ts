import type { Db } from '../../db/database';
import type { MarketDataService } from '../../market/market-data-service';
import type { Order, OrderRequest, PaperLimits } from '../broker-types';
import { computeCharges } from '../charges';
import type { Ledger } from '../ledger';
import { checkOrderLimits, type PhaseCaps } from '../limits';
import { impactFromLastPrice, limitOrderFill, walkBook } from './fill-price';

/** What the paper broker needs of the market: the last price, the book, the minute volume. */
export interface PaperMarket {
  lastPrice(symbol: string): number | undefined;
  book(
    symbol: string,
  ): { bids: { price: number; quantity: number }[]; asks: { price: number; quantity: number }[] } | null;
  typicalMinuteVolume(symbol: string): number;
  isKnownSymbol(symbol: string): boolean;
}

/**
 * The simulated broker: market orders fill at once against the book (or the last price with impact),
 * limit orders rest until the price crosses. Every order's effects commit in one transaction; a
 * refused order is stored as REJECTED with the reason and returned, not thrown.
 */
export class PaperBroker {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly market: PaperMarket,
    private readonly phaseCaps: () => PhaseCaps | undefined = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  submit(request: OrderRequest): Order {
    return this.db
      .transaction(() => {
        if (request.type === 'LIMIT') {
          const rejection = this.check(request, request.limitPrice!);
          if (rejection) return this.reject(request, rejection.reason, rejection.code);
          const order = this.ledger.placeOrder(request, 'PENDING');
          this.tryFillResting(order);
          return this.ledger.order(order.id)!;
        }
        const price = this.marketFillPrice(request);
        if (price === null)
          return this.reject(
            request,
            `No price for ${request.symbol} yet: the feed has not sent one.`,
            'no_price',
          );
        const rejection = this.check(request, price);
        if (rejection) return this.reject(request, rejection.reason, rejection.code);
        const order = this.ledger.placeOrder(request, 'PENDING');
        this.fill(order, price);
        return this.ledger.order(order.id)!;
      })
      .immediate();
  }

  cancel(orderId: string): Order {
    return this.db
      .transaction(() => {
        const order = this.ledger.order(orderId);
        if (!order) throw new Error(`No order ${orderId}`);
        if (order.status !== 'PENDING') return order;
        this.ledger.setOrderStatus(orderId, 'CANCELLED');
        return this.ledger.order(orderId)!;
      })
      .immediate();
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
      this.db.transaction(() => this.tryFillResting(order)).immediate();
    }
  }

  private tryFillResting(order: Order): void {
    const ltp = this.market.lastPrice(order.symbol);
    if (ltp === undefined || order.limitPrice === null) return;
    const price = limitOrderFill(order.side, order.limitPrice, ltp);
    if (price === null) return;
    // Limits are checked again when a resting order trades: the account may have changed since.
    const rejection = this.check(order, price);
    if (rejection) {
      this.ledger.setOrderStatus(order.id, 'REJECTED', rejection.reason);
      return;
    }
    this.fill(order, price);
  }

  private fill(order: Order, price: number): void {
    const limits = this.ledger.limits(order.account);
    const charges = computeCharges({ side: order.side, quantity: order.quantity, price }, limits);
    this.ledger.recordFill({
      orderId: order.id,
      quantity: order.quantity,
      pricePaise: price,
      charges,
      ts: this.now(),
    });
  }

  private marketFillPrice(request: OrderRequest): number | null {
    const book = this.market.book(request.symbol);
    if (book) return walkBook(request.side, request.quantity, book)?.price ?? null;
    const ltp = this.market.lastPrice(request.symbol);
    if (ltp === undefined) return null;
    return impactFromLastPrice(
      request.side,
      request.quantity,
      ltp,
      this.market.typicalMinuteVolume(request.symbol),
    ).price;
  }

  private check(request: Pick<OrderRequest, 'account' | 'symbol' | 'side' | 'quantity'>, price: number) {
    const limits: PaperLimits = this.ledger.limits(request.account);
    const marks = (symbol: string) => this.market.lastPrice(symbol);
    const summary = this.ledger.portfolioSummary(request.account, marks);
    const result = checkOrderLimits({
      order: { side: request.side, symbol: request.symbol, quantity: request.quantity, price },
      account: {
        cashPaise: summary.cashPaise,
        equityPaise: summary.equityPaise,
        positions: new Map(
          this.ledger.positions(request.account).map((position) => [
            position.symbol,
            {
              quantity: position.quantity,
              marketValuePaise: position.quantity * (marks(position.symbol) ?? price),
            },
          ]),
        ),
        dayPnlPaise: summary.dayChangePaise ?? 0,
      },
      limits,
      charges: computeCharges({ side: request.side, quantity: request.quantity, price }, limits),
      phase: this.phaseCaps(),
    });
    return result.ok ? null : result;
  }

  /** A refused order is kept, with its reason, so the history shows what was refused and why. */
  private reject(request: OrderRequest, reason: string, _code: string): Order {
    return this.ledger.placeOrder(request, 'REJECTED', reason);
  }
}

/** Adapts the market data engine to what the paper broker reads. */
export function paperMarketFrom(market: MarketDataService): PaperMarket {
  return {
    lastPrice: (symbol) => market.lastPrice(symbol),
    book: (symbol) =>
      market.activeProvider.source === 'simulator' ? market.simulator.orderBook(symbol) : null,
    typicalMinuteVolume: (symbol) => {
      const bars = market.pipeline.minuteBars(symbol);
      const total = bars.reduce((sum, bar) => sum + bar.volume, 0);
      return bars.length ? total / bars.length : 1000;
    },
    isKnownSymbol: (symbol) => market.isKnownSymbol(symbol),
  };
}
