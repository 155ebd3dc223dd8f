import crypto from 'node:crypto';
import {
  auditEntryOf,
  decisionFromStrategy,
  haltDeciderOf,
  type OrderDecision,
} from '../../../core/order-audit';
import { DEFAULT_PRODUCT, type Order, type OrderRequest, type Position } from '../../../core/orders';
import type { OrderAuditLog } from '../../../core/ports/order-audit';
import { type LoopLogger, SILENT_LOGGER, type TradingVenue } from '../../../core/ports/trading-venue';
import { orderedId } from '../ledger/ordered-id';
import type { OrderGate } from '../limits';
import type { LiveBroker, LiveOrderStore } from './live-broker';
import { LiveBrokerError } from './live-broker-error';

/** What the venue last read from Upstox, and when. */
export interface LiveSnapshot {
  positions: Position[];
  cashPaise: number;
  takenAt: number;
}

export interface LiveVenueOptions {
  broker: Pick<LiveBroker, 'begin' | 'sync' | 'positions' | 'funds'> &
    Partial<Pick<LiveBroker, 'pendingSymbols' | 'keepOrdersIn'>>;
  /** The market engine's latest price for a symbol, paise. */
  marks: (symbol: string) => number | undefined;
  /** Yesterday's close, paise, for the day's P&L; without one a position adds nothing to it. */
  previousClose?: (symbol: string) => number | undefined;
  /** Today's recorded opening equity, paise (LiveDayOpenings): the day's P&L is measured from it once there is one. */
  dayOpening?: () => number | undefined;
  now?: () => number;
  log?: LoopLogger;
  /** Where a refusal before Upstox is asked is recorded: no order row is written for it. */
  orderAudit?: OrderAuditLog;
}

/**
 * The Upstox account as the trading loop sees it. The loop is synchronous and Upstox is not, so the
 * figures come from a snapshot that refresh() takes (sync, positions, funds) before each run; a failed
 * refresh keeps the last good snapshot and records why. submit() returns the order PENDING at once and
 * places it with Upstox in the background: its outcome shows in the next sync.
 */
export class LiveVenue implements TradingVenue {
  private current: LiveSnapshot | null = null;
  private error: string | null = null;
  private readonly now: () => number;
  private readonly log: LoopLogger;
  private gate: Pick<OrderGate, 'riskRefusal'> | null = null;

  constructor(private readonly options: LiveVenueOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? SILENT_LOGGER;
  }

  /** Reads orders, positions and funds from Upstox; never throws (a failure is in lastError()). */
  async refresh(): Promise<boolean> {
    const { broker } = this.options;
    try {
      await broker.sync();
      const [positions, funds] = await Promise.all([broker.positions(), broker.funds()]);
      this.current = { positions, cashPaise: funds.availablePaise, takenAt: this.now() };
      this.error = null;
      this.dayOpeningPaise(); // the day's first reading records its opening, before any order moves it
      return true;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      this.log.warn({ err: error }, 'live venue could not refresh from Upstox; keeping the last snapshot');
      return false;
    }
  }

  snapshot(): LiveSnapshot | null {
    return this.current ? { ...this.current, positions: [...this.current.positions] } : null;
  }

  lastError(): string | null {
    return this.error;
  }

  /** The trader's risk limits (safety/), checked on this snapshot before an order goes to the broker. */
  useGate(gate: Pick<OrderGate, 'riskRefusal'>): void {
    this.gate = gate;
  }

  submit(request: OrderRequest): Order {
    const wanted: OrderRequest = { ...request, account: 'live' };
    const refusal = this.riskRefusal(wanted);
    if (refusal) return this.refused(wanted, refusal, 'risk_limit');
    try {
      const { order, placed } = this.options.broker.begin(wanted);
      placed.then(
        (settled) => {
          if (settled.status === 'REJECTED') {
            this.log.warn(
              { orderId: settled.id, symbol: settled.symbol, reason: settled.rejectReason },
              'Upstox refused a live loop order',
            );
          }
        },
        (error) => this.log.error({ err: error, orderId: order.id }, 'live loop order placement failed'),
      );
      return order;
    } catch (error) {
      // Refused before Upstox was called (no session, unknown symbol, …): REJECTED, as the venue promises.
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn({ symbol: request.symbol, reason }, 'live loop order refused');
      const halted = error instanceof LiveBrokerError && error.code === 'trading_halted';
      return this.refused(wanted, reason, halted ? haltDeciderOf(reason) : 'broker');
    }
  }

  /** A refused order, REJECTED as the venue promises, and its refusal in the audit trail. */
  private refused(
    request: OrderRequest,
    reason: string,
    refusedBy: NonNullable<OrderDecision['refusedBy']>,
  ): Order {
    const order = rejectedOrder(request, reason, this.now());
    const decision = { ...(request.decision ?? decisionFromStrategy(request.strategy)), refusedBy };
    this.options.orderAudit?.append(
      auditEntryOf(order, decision, orderedId(order.createdAt), order.createdAt),
    );
    return order;
  }

  positions(): Position[] {
    return this.current ? [...this.current.positions] : [];
  }

  /**
   * Symbols with a live order still PENDING at Upstox (or not yet confirmed): the loop places no
   * other order for them until a sync shows how it ended, so a pending buy is not bought again.
   */
  pendingOrderSymbols(): ReadonlySet<string> {
    return this.options.broker.pendingSymbols?.() ?? new Set();
  }

  /** Records the broker's orders in the ledger from now on (and follows the ones still pending there). */
  keepOrdersIn(store: LiveOrderStore): void {
    this.options.broker.keepOrdersIn?.(store);
  }

  cashPaise(): number {
    return this.current?.cashPaise ?? 0;
  }

  equityPaise(): number {
    let equity = this.cashPaise();
    for (const position of this.positions()) equity += this.valueOf(position);
    return equity;
  }

  lastPrice(symbol: string): number | undefined {
    return this.options.marks(symbol);
  }

  /**
   * What the account was worth at yesterday's close: cash plus each holding at its previous close (its
   * mark when there is none) less the day's realised P&L. Null while a holding has neither price.
   */
  openingEstimatePaise(): number | null {
    let opening = this.cashPaise();
    for (const position of this.positions()) {
      const price = this.options.previousClose?.(position.symbol) ?? this.options.marks(position.symbol);
      if (price === undefined) return null;
      opening += position.quantity * price - position.realisedPnlPaise;
    }
    return opening;
  }

  /** Today's recorded opening equity, paise; undefined before the day's first reading. */
  dayOpeningPaise(): number | undefined {
    return this.options.dayOpening?.();
  }

  /** Today's P&L: equity against the day's recorded opening, as the paper account's; the estimate before one. */
  dayPnlPaise(): number {
    const opening = this.dayOpeningPaise();
    return opening === undefined ? this.estimatedDayPnlPaise() : this.equityPaise() - opening;
  }

  /**
   * Today's P&L as well as the snapshot tells it: each position's realised P&L for the day plus its
   * quantity × (mark − previous close). A position without a previous close or a mark adds only its
   * realised part, and a share bought today is measured from yesterday's close rather than its cost, so
   * this is an estimate; with no snapshot it is 0.
   */
  estimatedDayPnlPaise(): number {
    let pnl = 0;
    for (const position of this.positions()) {
      pnl += position.realisedPnlPaise;
      const mark = this.options.marks(position.symbol);
      const close = this.options.previousClose?.(position.symbol);
      if (mark !== undefined && close !== undefined) pnl += position.quantity * (mark - close);
    }
    return pnl;
  }

  private riskRefusal(request: OrderRequest): string | null {
    const price = request.limitPrice ?? this.options.marks(request.symbol);
    if (!this.gate || price === undefined) return null;
    const positions = new Map(
      this.positions().map((position) => [
        position.symbol,
        { quantity: position.quantity, marketValuePaise: this.valueOf(position) },
      ]),
    );
    return this.gate.riskRefusal(
      'live',
      { side: request.side, symbol: request.symbol, quantity: request.quantity, price },
      {
        cashPaise: this.cashPaise(),
        equityPaise: this.equityPaise(),
        positions,
        dayPnlPaise: this.dayPnlPaise(),
      },
    );
  }

  /** Marked at the market engine's price; at cost when it has none. */
  private valueOf(position: Position): number {
    const mark = this.options.marks(position.symbol);
    return mark === undefined ? position.costPaise : position.quantity * mark;
  }
}

function rejectedOrder(
  { decision: _decision, ...request }: OrderRequest,
  reason: string,
  now: number,
): Order {
  return {
    ...request,
    simulatedReplay: request.simulatedReplay ?? false,
    limitPrice: request.limitPrice ?? null,
    product: request.product ?? DEFAULT_PRODUCT,
    id: `LR${crypto.randomBytes(8).toString('hex')}`,
    status: 'REJECTED',
    rejectReason: reason,
    filledQuantity: 0,
    averagePrice: null,
    chargesPaise: 0,
    realisedPnlPaise: 0,
    createdAt: now,
    updatedAt: now,
  };
}
