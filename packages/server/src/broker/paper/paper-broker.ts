import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { istDateOf } from '../../market/calendar';
import type { MarketDataService } from '../../market/market-data-service';
import type { Charges, Order, OrderRequest, PaperLimits } from '../broker-types';
import { computeCharges, type FillNote, fillNote } from '../charges';
import { type Ledger, LedgerError } from '../ledger';
import {
  checkOrderLimits,
  formatRupeesForMessage,
  type HeldPosition,
  type OrderGate,
  type PhaseCaps,
} from '../limits';
import type { PaperAccountPreparation } from '../paper-account-preparation';
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
  /** The halt and the risk limits (safety/), checked before the paper limits; none until set. */
  private gate: OrderGate | null = null;
  /** The start-up replay building the account from history; orders wait for it (none until set). */
  private preparation: PaperAccountPreparation | null = null;

  /** `unitOfWork`: inside the order desk's batch a savepoint, alone an IMMEDIATE transaction. */
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: Ledger,
    private readonly market: PaperMarket,
    private readonly phaseCaps: () => PhaseCaps | undefined = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every order from now on passes `gate` first: the one choke point for the loop and the API alike. */
  useGate(gate: OrderGate): void {
    this.gate = gate;
  }

  /** Every order is refused with a 503 and the replay's progress while `preparation` runs. */
  holdOrdersWhile(preparation: PaperAccountPreparation): void {
    this.preparation = preparation;
  }

  /** The sentence orders are refused with now because the account is still being prepared, or null. */
  preparingRefusal(): string | null {
    return this.preparation?.refusal() ?? null;
  }

  submit(request: OrderRequest): Order {
    return this.unitOfWork.run(() => this.decide(request));
  }

  /**
   * The same decision for the order desk, which already runs each order in a savepoint of its
   * batch's transaction: no savepoints of its own, here or in the ledger.
   */
  decideInsideSavepoint(request: OrderRequest): Order {
    return this.ledger.insideCallersSavepoint(() => this.decide(request));
  }

  private decide(request: OrderRequest): Order {
    // Thrown, not stored as REJECTED: nothing is written to the account the replay is building.
    this.preparation?.refuseWhilePreparing();
    const halted = this.gate?.haltRefusal(request);
    if (halted) return this.reject(request, halted, 'trading_halted');
    if (request.type === 'LIMIT') {
      const limits = this.ledger.limits(request.account);
      const rejection = this.check(request, request.limitPrice!, limits);
      if (rejection) return this.reject(request, rejection.reason, rejection.code);
      const order = this.ledger.placeOrder(request, 'PENDING');
      return this.tryFillResting(order) ?? order;
    }
    const price = this.marketFillPrice(request);
    if (price === null)
      return this.reject(
        request,
        `No price for ${request.symbol} yet: the feed has not sent one.`,
        'no_price',
      );
    // Limits, charges and the fill read the account once, inside this order's own transaction.
    const limits = this.ledger.limits(request.account);
    const { charges, product } = this.note(request, price, limits);
    const rejection = this.check(request, price, limits, charges);
    if (rejection) return this.reject(request, rejection.reason, rejection.code);
    return this.ledger.placeFilledOrder(request, {
      quantity: request.quantity,
      pricePaise: price,
      charges,
      product,
      ts: this.now(),
    }).order;
  }

  cancel(orderId: string): Order {
    return this.unitOfWork.run(() => {
      const order = this.ledger.order(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      if (order.status !== 'PENDING') return order;
      return this.ledger.setOrderStatus(orderId, 'CANCELLED');
    });
  }

  /**
   * Tries every resting paper order against its symbol's latest price. A symbol whose check throws
   * is reported and skipped, so one failure neither stops the others nor leaves the caller's timer.
   */
  checkRestingOrders(onError: (error: unknown, symbol: string) => void): void {
    const resting = this.ledger.orders({
      account: 'paper',
      status: 'PENDING',
      limit: 1000,
      offset: 0,
    }).orders;
    for (const symbol of new Set(resting.map((order) => order.symbol))) {
      try {
        this.onPrice(symbol);
      } catch (error) {
        onError(error, symbol);
      }
    }
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
      this.unitOfWork.run(() => this.tryFillResting(order) ?? order);
    }
  }

  /** The order as it stands after trying it against the last price, or undefined when it still rests. */
  private tryFillResting(order: Order): Order | undefined {
    const ltp = this.market.lastPrice(order.symbol);
    if (ltp === undefined || order.limitPrice === null) return undefined;
    if (this.gate?.haltRefusal(order)) return undefined; // halted: it rests until cancelled or resumed
    const price = limitOrderFill(order.side, order.limitPrice, ltp);
    if (price === null) return undefined;
    // Limits are checked again when a resting order trades: the account may have changed since.
    const limits = this.ledger.limits(order.account);
    let charges: Charges;
    let product: FillNote['product'];
    try {
      ({ charges, product } = this.note(order, price, limits));
    } catch (error) {
      if (error instanceof RangeError) return this.refuseFill(order, price, error);
      throw error;
    }
    const rejection = this.check(order, price, limits, charges);
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

  private readonly marks = (symbol: string) => this.market.lastPrice(symbol);

  /** The fill's contract note: a sell is charged as the shares it sells (fillNote). */
  private note(
    request: Pick<OrderRequest, 'account' | 'symbol' | 'side' | 'quantity' | 'product'>,
    price: number,
    limits: PaperLimits,
  ): FillNote {
    const order = { side: request.side, quantity: request.quantity, price, product: request.product };
    const held = request.side === 'SELL' ? this.ledger.position(request.account, request.symbol) : undefined;
    if (!held || held.quantity <= 0) return fillNote(order, limits);
    const now = this.now();
    return fillNote(order, limits, {
      quantity: held.quantity,
      costPaise: held.costPaise,
      openedToday: istDateOf(held.openedAt) === istDateOf(now),
      intradayBought: this.ledger.intradayBought(request.account, request.symbol, held.openedAt),
    });
  }

  private check(
    request: Pick<OrderRequest, 'account' | 'symbol' | 'side' | 'quantity' | 'product'>,
    price: number,
    limits: PaperLimits,
    charges: Charges = computeCharges(
      { side: request.side, quantity: request.quantity, price, product: request.product },
      limits,
    ),
  ) {
    const snapshot = this.ledger.tradingSnapshot(request.account, this.marks);
    const positions = new Map<string, HeldPosition>();
    for (const position of snapshot.positions) {
      positions.set(position.symbol, {
        quantity: position.quantity,
        marketValuePaise: position.quantity * (this.marks(position.symbol) ?? price),
      });
    }
    const result = checkOrderLimits({
      order: { side: request.side, symbol: request.symbol, quantity: request.quantity, price },
      account: {
        cashPaise: snapshot.cashPaise,
        equityPaise: snapshot.equityPaise,
        positions,
        dayPnlPaise: snapshot.dayPnlPaise,
      },
      limits,
      charges,
      phase: this.phaseCaps(),
    });
    if (!result.ok) return result;
    const refusal = this.gate?.riskRefusal(
      request.account,
      { side: request.side, symbol: request.symbol, quantity: request.quantity, price },
      {
        cashPaise: snapshot.cashPaise,
        equityPaise: snapshot.equityPaise,
        positions,
        dayPnlPaise: snapshot.dayPnlPaise,
      },
    );
    return refusal ? { ok: false as const, reason: refusal, code: 'risk_limit' } : null;
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
