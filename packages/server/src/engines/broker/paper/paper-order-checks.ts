import type { Charges, OrderRequest, PaperLimits } from '../../../core/orders';
import { istDateOf } from '../../market/calendar';
import { computeCharges, type FillNote, fillNote } from '../charges';
import type { Ledger } from '../ledger';
import { checkOrderLimits, type HeldPosition, type OrderGate, type PhaseCaps } from '../limits';

/** What every paper fill is weighed on: its contract note, the paper limits, then the risk limits. */
export class PaperOrderChecks {
  constructor(
    private readonly ledger: Ledger,
    /** The last price (the paper broker's PaperMarket). */
    private readonly market: { lastPrice(symbol: string): number | undefined },
    private readonly phaseCaps: () => PhaseCaps | undefined,
    /** The risk limits (safety/), once set. */
    private readonly gate: () => Pick<OrderGate, 'riskRefusal'> | null,
    private readonly now: () => number,
  ) {}

  private readonly marks = (symbol: string) => this.market.lastPrice(symbol);

  /** The fill's contract note: a sell is charged as the shares it sells (fillNote). */
  note(
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

  check(
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
    const refusal = this.gate()?.riskRefusal(
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
}
