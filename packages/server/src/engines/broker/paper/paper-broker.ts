import { decisionFromStrategy, haltDeciderOf, type OrderDecision } from '../../../core/order-audit';
import type { Order, OrderRequest } from '../../../core/orders';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';
import type { MarketDataService } from '../../market/market-data-service';
import type { Ledger } from '../ledger';
import type { OrderGate, PhaseCaps } from '../limits';
import type { PaperAccountPreparation } from '../paper-account-preparation';
import { impactFromLastPrice, walkBook } from './fill-price';
import { PaperOrderChecks } from './paper-order-checks';
import { RestingOrderBook } from './resting-order-book';

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
  private readonly checks: PaperOrderChecks;
  private readonly resting: RestingOrderBook;

  constructor(
    /** Inside the order desk's batch a savepoint, alone an IMMEDIATE transaction. */
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: Ledger,
    private readonly market: PaperMarket,
    phaseCaps: () => PhaseCaps | undefined = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.checks = new PaperOrderChecks(ledger, market, phaseCaps, () => this.gate, now);
    this.resting = new RestingOrderBook(
      ledger,
      market,
      this.checks,
      () => this.gate,
      (work) => this.unitOfWork.run(work),
      now,
    );
  }

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
      const rejection = this.checks.check(request, request.limitPrice!, limits);
      if (rejection) return this.reject(request, rejection.reason, rejection.code);
      const order = this.ledger.placeOrder(request, 'PENDING');
      return this.resting.tryFillResting(order) ?? order;
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
    const { charges, product } = this.checks.note(request, price, limits);
    const rejection = this.checks.check(request, price, limits, charges);
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
    for (const symbol of this.resting.restingSymbols()) {
      try {
        this.onPrice(symbol);
      } catch (error) {
        onError(error, symbol);
      }
    }
  }

  /** Called on every tick of a symbol: fills the resting limit orders the price has reached. */
  onPrice(symbol: string): void {
    this.resting.onPrice(symbol);
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

  /**
   * A refused order is kept, with its reason, so the history shows what was refused and why; the
   * audit trail also says what refused it (the halt or a breaker, a risk limit, or the broker).
   */
  private reject(request: OrderRequest, reason: string, code: string): Order {
    const refusedBy = refuserOf(code, reason);
    const decision = { ...(request.decision ?? decisionFromStrategy(request.strategy)), refusedBy };
    return this.ledger.placeOrder({ ...request, decision }, 'REJECTED', reason);
  }
}

// Refusals that are the account's or the market's facts, not a limit someone set.
const BROKER_REFUSALS = new Set(['insufficient_funds', 'insufficient_shares', 'no_price']);

/** What refused an order: the halt or a breaker, the broker's facts, else a risk or paper limit. */
function refuserOf(code: string, reason: string): NonNullable<OrderDecision['refusedBy']> {
  if (code === 'trading_halted') return haltDeciderOf(reason);
  return BROKER_REFUSALS.has(code) ? 'broker' : 'risk_limit';
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
