import type { Order } from '../../../core/orders';
import type { LoopClock, TradingVenue } from '../../../core/ports/trading-venue';
import { runToEnd, type Steps } from '../../../core/time-slices';
import { type IstDate, MarketClock } from '../../market/calendar';
import type { Candle } from '../../market/market-types';
import type { SymbolBars } from '../../signals';
import type { RunReport } from '../loop-status';
import { TradingLoop, type TradingLoopOptions } from '../trading-loop';

export interface ReplaySession {
  date: IstDate;
  /** 1-minute bars per symbol for that session. */
  barsBySymbol: Map<string, Candle[]>;
}

/** What the replay tells the venue it builds: the replayed instant and the replayed prices. */
export interface ReplayFeed {
  now(): number;
  /** The close of the symbol's latest replayed bar, paise. */
  lastPrice(symbol: string): number | undefined;
}

/** The decision pieces of the live loop; the replay runs the very same ones. */
export type ReplayLoopPieces = Pick<
  TradingLoopOptions,
  | 'source'
  | 'allocation'
  | 'chargeRates'
  | 'signalEdge'
  | 'gateOnSignalEdge'
  | 'account'
  | 'entrySlices'
  | 'exitRules'
  | 'phaseOverrides'
  | 'log'
> & {
  /** Default: the NSE calendar (history is real-calendar history, never the continuous demo). */
  clock?: LoopClock;
};

export interface ReplayOptions {
  /** Oldest first (sorted by date here anyway). */
  sessions: ReplaySession[];
  loop?: ReplayLoopPieces;
  /** Builds the venue orders go to, e.g. a paper broker over the ledger priced by the feed. */
  venueFactory: (feed: ReplayFeed) => TradingVenue;
  /** Bars each symbol shows the signals; 60 matches the tick pipeline's minute history. */
  windowBars?: number;
  /**
   * Each minute in one step (`runOnce`, as the live loop runs), not in a step per few symbols ranked and
   * per order: the reference the stepped replay is held to.
   */
  wholeMinutes?: boolean;
  /** Told every replayed minute's report, with the loop that made it (its journal, its state). */
  onMinute?: (report: RunReport, loop: TradingLoop) => void;
}

export interface ReplaySessionResult {
  date: IstDate;
  minutes: number;
  orders: number;
  rejected: number;
  endEquityPaise: number;
}

export interface ReplayResult {
  orders: Order[];
  sessions: ReplaySessionResult[];
  finalEquityPaise: number;
  /** Distinct errors of failed minutes (the loop records them rather than stop). */
  errors: string[];
}

const MINUTE_MS = 60_000;

/**
 * Runs the trading loop minute by minute over past sessions. At each minute every symbol's bar
 * is revealed, the venue's prices become those closes, and the loop decides at the bar's last
 * millisecond (its close is known, and the 15:29 bar still lies inside the session). Signals see
 * only bars up to that minute — no look-ahead — and the window runs on across sessions as the
 * live pipeline's does. Every order carries simulatedReplay: true.
 */
export function replayHistory(options: ReplayOptions): ReplayResult {
  return runToEnd(replaySteps(options));
}

/**
 * replayHistory as steps (see core/time-slices): within a replayed minute a step per few symbols ranked
 * and per order placed (TradingLoop.runSteps), so the start-up replay's slices stay near their budget.
 */
export function* replaySteps(options: ReplayOptions): Steps<ReplayResult> {
  const windowBars = options.windowBars ?? 60;
  const prices = new Map<string, number>();
  const history = new Map<string, Candle[]>();
  let now = 0;
  const venue = options.venueFactory({ now: () => now, lastPrice: (symbol) => prices.get(symbol) });
  // Each symbol's window is handed over as it is (no copy per minute): nothing changes it until the next minute.
  const universe = (): SymbolBars[] => [...history].map(([symbol, bars]) => ({ symbol, bars }));
  const loop = new TradingLoop({
    ...options.loop,
    clock: options.loop?.clock ?? new MarketClock(),
    venue,
    universe,
    simulatedReplay: true,
    now: () => now,
  });

  const orders: Order[] = [];
  const errors = new Set<string>();
  const sessions: ReplaySessionResult[] = [];
  const ordered = [...options.sessions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const session of ordered) {
    const minutes = yield* minuteTimeline(session.barsBySymbol);
    const result: ReplaySessionResult = {
      date: session.date,
      minutes: minutes.length,
      orders: 0,
      rejected: 0,
      endEquityPaise: 0,
    };
    for (const [openTime, bars] of minutes) {
      for (const bar of bars) {
        prices.set(bar.symbol, bar.close);
        const past = history.get(bar.symbol) ?? [];
        if (past.length === 0) history.set(bar.symbol, past);
        past.push(bar);
        if (past.length > windowBars) past.shift();
      }
      now = openTime + MINUTE_MS - 1;
      const report = options.wholeMinutes ? loop.runOnce(now) : yield* loop.runSteps(now);
      options.onMinute?.(report, loop);
      orders.push(...report.orders);
      if (report.error) errors.add(report.error);
      result.orders += report.orders.length;
      result.rejected += report.orders.filter((order) => order.status === 'REJECTED').length;
      yield;
    }
    result.endEquityPaise = venue.equityPaise();
    sessions.push(result);
  }
  return { orders, sessions, finalEquityPaise: venue.equityPaise(), errors: [...errors] };
}

/** The session's bars grouped by minute, in time order; within a minute, by symbol. */
function* minuteTimeline(barsBySymbol: Map<string, Candle[]>): Steps<[number, Candle[]][]> {
  const byMinute = new Map<number, Candle[]>();
  for (const [symbol, bars] of barsBySymbol) {
    yield;
    for (const bar of bars) {
      const minute = byMinute.get(bar.openTime) ?? [];
      minute.push(bar.symbol === symbol ? bar : { ...bar, symbol });
      byMinute.set(bar.openTime, minute);
    }
  }
  yield;
  return [...byMinute]
    .sort((a, b) => a[0] - b[0])
    .map(([openTime, bars]) => [openTime, bars.sort((a, b) => (a.symbol < b.symbol ? -1 : 1))]);
}
