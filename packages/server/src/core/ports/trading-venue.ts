import type { Order, OrderRequest, Position } from '../orders';
import type { MarketSession } from '../time/nse-session';

/**
 * Where the loop trades: the paper broker over the ledger in the server, a ledger-backed replay
 * venue over generated history, a fake in tests. All money in paise.
 */
export interface TradingVenue {
  /** Never throws for a refused order: returns it with status REJECTED and the reason. */
  submit(request: OrderRequest): Order;
  positions(): Position[];
  cashPaise(): number;
  /** Cash plus the market value of every position. */
  equityPaise(): number;
  lastPrice(symbol: string): number | undefined;
  /** Today's realised + unrealised P&L; negative is a loss. */
  dayPnlPaise(): number;
  /**
   * Symbols with an order still in flight (placed, not yet known to be filled or ended): the loop
   * places no other order for them. A venue whose orders settle at once need not say.
   */
  pendingOrderSymbols?(): ReadonlySet<string>;
}

/** What the loop asks of the market clock (MarketClock satisfies it). */
export interface LoopClock {
  sessionAt(ts: number): Pick<MarketSession, 'isOpen' | 'date' | 'simulated'>;
}

/** The pino methods the loop uses, so tests can pass a recorder. */
export interface LoopLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const SILENT_LOGGER: LoopLogger = { info() {}, warn() {}, error() {} };
