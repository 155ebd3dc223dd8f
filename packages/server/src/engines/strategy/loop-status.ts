import type { Order } from '../../core/orders';
import type { Signal } from '../signals';
import type { SkippedSignal } from './allocation';
import { idleReason, type LoopDecision, LoopJournal } from './loop-journal';
import type { TradingPhase } from './phases';

/**
 * What the loop is doing, in one word for the top bar: `active` (deciding on an open market),
 * `waiting` (running, but the market is closed, the first run is due, or the signals still lack
 * bars), `halted` (no new entries today: the daily loss limit), `error` (the last run failed) or
 * `stopped`.
 */
export type LoopStatus = 'active' | 'waiting' | 'halted' | 'error' | 'stopped';

/** The last run in figures: what the dashboard shows beside the decisions. */
export interface LoopRunSummary {
  at: number;
  marketOpen: boolean;
  buySignals: number;
  sellSignals: number;
  ordersPlaced: number;
  ordersRejected: number;
  skipped: number;
  error: string | null;
}

export interface TradingLoopState {
  running: boolean;
  status: LoopStatus;
  /** One sentence a trader reads to know what the loop is doing and why. */
  statusText: string;
  intervalMs: number;
  strategy: string;
  lastRunAt: number | null;
  nextRunAt: number | null;
  lastRun: LoopRunSummary | null;
  /** Newest first: orders placed and why, and why others were not. */
  recentDecisions: LoopDecision[];
  marketOpen: boolean | null;
  /** Orders the loop decided to place since it was built, refused ones included. */
  decisions: number;
  day: string | null;
  ordersPlacedToday: number;
  ordersRejectedToday: number;
  budgetPaise: number;
  budgetUsedPaise: number;
  budgetLeftPaise: number;
  phase: Pick<TradingPhase, 'phase' | 'name'> | null;
  /** Why new entries are halted for the day (the daily loss limit), or null. */
  haltedReason: string | null;
  lastError: string | null;
  /** The last run's five best-scored signals, for the dashboard. */
  topSignals: Signal[];
}

export interface RunReport {
  at: number;
  marketOpen: boolean;
  signals: Signal[];
  orders: Order[];
  skipped: SkippedSignal[];
  error: string | null;
}

/** A run's report before it has decided anything. */
export function emptyReport(at: number, marketOpen = false): RunReport {
  return { at, marketOpen, signals: [], orders: [], skipped: [], error: null };
}

/** What the loop's scheduler and its day add to the record: who runs it, and the day's budget. */
type LoopFrame = Pick<TradingLoopState, 'running' | 'nextRunAt' | 'intervalMs' | 'strategy'>;
type LoopDayFigures = Pick<
  TradingLoopState,
  | 'day'
  | 'ordersPlacedToday'
  | 'ordersRejectedToday'
  | 'budgetPaise'
  | 'budgetUsedPaise'
  | 'budgetLeftPaise'
  | 'haltedReason'
>;

const clockTime = (ts: number) =>
  new Date(ts).toLocaleTimeString('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** The status word and sentence for a loop's state (the paper loop's, or the live loop's). */
export function describeLoop(
  state: Omit<TradingLoopState, 'status' | 'statusText'>,
): Pick<TradingLoopState, 'status' | 'statusText'> {
  const next = state.nextRunAt === null ? '' : ` Next run ${clockTime(state.nextRunAt)} IST.`;
  if (!state.running)
    return { status: 'stopped', statusText: 'The trading loop is stopped: it places no orders.' };
  if (state.lastRun === null) {
    return { status: 'waiting', statusText: `The trading loop has started; its first run is due.${next}` };
  }
  if (state.lastRun.error)
    return { status: 'error', statusText: `The last run failed: ${state.lastRun.error}.${next}` };
  if (!state.lastRun.marketOpen)
    return { status: 'waiting', statusText: `Market closed: no orders until it opens.${next}` };
  if (state.haltedReason)
    return { status: 'halted', statusText: `No new entries today: ${state.haltedReason}.${next}` };
  const latest = state.recentDecisions[0];
  if (latest?.outcome === 'waiting' && latest.at === state.lastRun.at) {
    return { status: 'waiting', statusText: `Waiting for data: ${latest.reason}.${next}` };
  }
  const placed = state.ordersPlacedToday === 1 ? '1 order' : `${state.ordersPlacedToday} orders`;
  return {
    status: 'active',
    statusText: `Trading ${state.strategy}: ${placed} today, last run ${clockTime(state.lastRun.at)} IST.${next}`,
  };
}

/**
 * What the loop remembers of its runs for the dashboard: the journal of decisions, the last run in
 * figures, the last error and the top signals. The loop writes it as it runs; `state` reads it.
 */
export class LoopRecord {
  decisions = 0;
  lastRunAt: number | null = null;
  lastRun: LoopRunSummary | null = null;
  readonly journal = new LoopJournal();
  marketOpen: boolean | null = null;
  phase: TradingPhase | null = null;
  lastError: string | null = null;
  topSignals: Signal[] = [];

  state(frame: LoopFrame, day: LoopDayFigures): TradingLoopState {
    const { running, nextRunAt, intervalMs, strategy } = frame;
    const state = {
      running,
      nextRunAt,
      intervalMs,
      strategy,
      lastRunAt: this.lastRunAt,
      lastRun: this.lastRun,
      recentDecisions: this.journal.recent(),
      marketOpen: this.marketOpen,
      decisions: this.decisions,
      ...day,
      phase: this.phase ? { phase: this.phase.phase, name: this.phase.name } : null,
      lastError: this.lastError,
      topSignals: this.topSignals,
    };
    return { ...state, ...describeLoop(state) };
  }

  /** A run that failed or could not take place: the status says why nothing was decided. */
  fail(at: number, reason: string): void {
    this.lastError = reason;
    this.journal.record({ at, symbol: '*', side: null, quantity: null, outcome: 'error', reason });
  }

  /** Every reason an order was not placed goes in the journal; a run that did nothing says why. */
  recordSkips(report: RunReport): void {
    for (const skip of report.skipped) {
      this.journal.record({
        at: report.at,
        symbol: skip.symbol,
        side: null,
        quantity: null,
        outcome: 'skipped',
        reason: skip.reason,
      });
    }
    if (report.orders.length === 0 && report.skipped.length === 0) {
      const reason = idleReason(report.signals);
      const outcome = /one-minute bars/.test(reason) ? 'waiting' : 'skipped';
      this.journal.record({ at: report.at, symbol: '*', side: null, quantity: null, outcome, reason });
    }
  }

  /** The run in figures, kept as the last run. */
  summarise(report: RunReport): RunReport {
    const count = (direction: string) => report.signals.filter((s) => s.direction === direction).length;
    this.lastRun = {
      at: report.at,
      marketOpen: report.marketOpen,
      buySignals: count('BUY'),
      sellSignals: count('SELL'),
      ordersPlaced: report.orders.filter((o) => o.status !== 'REJECTED').length,
      ordersRejected: report.orders.filter((o) => o.status === 'REJECTED').length,
      skipped: report.skipped.length,
      error: report.error,
    };
    return report;
  }
}
