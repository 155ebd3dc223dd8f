import type { Order, Product } from '../../core/orders';
import type { Steps } from '../../core/time-slices';
import { Ledger, type LedgerStorage, withCachedOpenPositions } from '../broker/ledger';
import type { Candle } from '../market/market-types';
import { type ReplayResult, replaySteps, type SignalSource, type TradingVenue } from '../strategy';
import { replayVenue } from '../strategy/replay/history-replay';
import { EquityRecorder } from './backtest-equity';
import { DEFAULT_RISK_FREE_RATE_PERCENT } from './backtest-metrics';
import type { BacktestResult, BacktestSessionResult } from './backtest-result';
import { type BacktestSession, backtestInputError } from './backtest-sessions';
import {
  type BacktestSettings,
  backtestLimits,
  backtestLoopPieces,
  startingCapitalPaise,
} from './backtest-settings';
import { summarise } from './backtest-summary';

export type { BacktestOrder, BacktestResult, BacktestSessionResult } from './backtest-result';

/** A ledger of the backtest's own (an in-memory database): never the account's. */
export interface BacktestLedgerStore {
  storage: LedgerStorage;
  close(): void;
}

export interface BacktestOptions {
  sessions: BacktestSession[];
  settings?: BacktestSettings;
  /** Default: the loop's ensemble, as the start-up replay runs it. */
  source?: SignalSource;
  openLedger: () => BacktestLedgerStore;
  /** Annual, percent points, for Sharpe and Sortino (RISK_FREE_RATE_PERCENT); default 6.5. */
  riskFreeRatePercent?: number;
  /** Told after each replayed minute: bars replayed so far, bars in the run. */
  onProgress?: (barsDone: number, totalBars: number) => void;
  /** Checked between minutes: an aborted run ends with no result. */
  signal?: AbortSignal;
  /** How long the run keeps the thread before giving the event loop a turn (so an abort can arrive), ms. */
  sliceMs?: number;
}

export type BacktestOutcome =
  | { status: 'complete'; result: BacktestResult }
  | { status: 'cancelled'; barsDone: number; totalBars: number };

const MINUTE_MS = 60_000;

/**
 * Replays the sessions through the live loop's own strategy, allocation, sizing, exits and charges,
 * into a paper broker over a ledger of the run's own: session by session, as the start-up replay
 * does (decision 0054), so the same range and settings place the same orders.
 */
export async function runBacktest(options: BacktestOptions): Promise<BacktestOutcome> {
  const sessions = [...options.sessions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const totalBars = sessions.reduce((sum, session) => sum + session.barCount, 0);
  if (totalBars === 0)
    throw backtestInputError('The backtest has no one-minute bars to replay: choose a range with data.');
  const settings = options.settings ?? {};
  const capital = startingCapitalPaise(settings);
  const store = options.openLedger();
  try {
    // The run's own ledger, written by nothing else: its open positions are read once per fill.
    const storage = withCachedOpenPositions(store.storage);
    const ledger = new Ledger(storage, () => 0);
    ledger.openAccount('paper', capital);
    ledger.setLimits('paper', backtestLimits(settings));
    const loop = { ...backtestLoopPieces(settings), ...(options.source ? { source: options.source } : {}) };
    const progress = { done: 0, minutes: 0, failedMinutes: 0 };
    const orders: Order[] = [];
    const errors = new Set<string>();
    const results: BacktestSessionResult[] = [];
    const recorder = new EquityRecorder(capital);
    let finalEquity = capital;
    for (const session of sessions) {
      const barsBySymbol = session.bars();
      const perMinute = barsPerMinute(barsBySymbol);
      const index = session.nifty50?.(barsBySymbol);
      recorder.beginSession(Math.min(...perMinute.keys()), index);
      let venue: TradingVenue | null = null;
      const steps = replaySteps({
        sessions: [{ date: session.date, barsBySymbol }],
        loop,
        wholeMinutes: true,
        venueFactory: (feed) =>
          (venue = withProduct(replayVenue(storage, feed, barsBySymbol), settings.product)),
        onMinute: (report) => {
          const openTime = report.at - MINUTE_MS + 1;
          progress.done += perMinute.get(openTime) ?? 0;
          progress.minutes += 1;
          if (report.error) progress.failedMinutes += 1;
          options.onProgress?.(progress.done, totalBars);
          if (venue) recorder.minute(report.at + 1, venue.equityPaise(), index?.closes.get(openTime) ?? null);
        },
      });
      const replayed = await drive(steps, options);
      if (!replayed) return { status: 'cancelled', barsDone: progress.done, totalBars };
      orders.push(...replayed.orders);
      for (const error of replayed.errors) errors.add(error);
      results.push({
        date: session.date,
        orders: replayed.orders.length,
        endEquityPaise: replayed.finalEquityPaise,
      });
      finalEquity = replayed.finalEquityPaise;
    }
    refuseMostlyFailed(progress.failedMinutes, progress.minutes, errors);
    return {
      status: 'complete',
      result: summarise({
        ledger,
        orders,
        sessions: results,
        capital,
        finalEquity,
        bars: progress.done,
        errors,
        recorder,
        riskFreeRatePercent: options.riskFreeRatePercent ?? DEFAULT_RISK_FREE_RATE_PERCENT,
      }),
    };
  } finally {
    store.close();
  }
}

/**
 * Above this share of replayed minutes in which the loop failed (it records the error and goes on, as
 * live), the figures are not the strategy's: the run fails with the errors instead of completing.
 */
export const MAX_FAILED_MINUTE_SHARE = 0.01;

function refuseMostlyFailed(failed: number, minutes: number, errors: ReadonlySet<string>): void {
  if (minutes === 0 || failed / minutes <= MAX_FAILED_MINUTE_SHARE) return;
  const percent = ((failed / minutes) * 100).toFixed(1);
  const named = [...errors].slice(0, 3).join('; ');
  throw new Error(
    `The loop failed in ${failed} of ${minutes} replayed minutes (${percent} %, more than ${MAX_FAILED_MINUTE_SHARE * 100} %), so the figures would not be the strategy's: ${named}`,
  );
}

/** Runs the steps, giving the event loop a turn every slice; null once the signal is aborted. */
async function drive(steps: Steps<ReplayResult>, options: BacktestOptions): Promise<ReplayResult | null> {
  const sliceMs = options.sliceMs ?? 50;
  let sliceStart = performance.now();
  try {
    for (;;) {
      if (options.signal?.aborted) return null;
      const next = steps.next();
      if (next.done) return next.value;
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  } finally {
    steps.return(undefined as unknown as ReplayResult);
  }
}

function barsPerMinute(barsBySymbol: Map<string, Candle[]>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const bars of barsBySymbol.values()) {
    for (const bar of bars) counts.set(bar.openTime, (counts.get(bar.openTime) ?? 0) + 1);
  }
  return counts;
}

/** The chosen product on every order, so a delivery backtest is charged as delivery. */
function withProduct(venue: TradingVenue, product: Product | undefined): TradingVenue {
  if (!product) return venue;
  return { ...venue, submit: (request) => venue.submit({ ...request, product }) };
}
