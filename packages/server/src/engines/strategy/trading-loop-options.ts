import type { AccountId, PaperLimits } from '../../core/orders';
import type { LoopClock, LoopLogger, TradingVenue } from '../../core/ports/trading-venue';
import type { SignalSource, SymbolBars } from '../signals';
import type { AllocationSettings } from './allocation/loop-allocation';
import type { SignalEdgeBook } from './allocation/signal-edge';
import type { ExitRules } from './exits';
import type { TradingPhase } from './phases';

/** What a trading loop is built on: its venue and clock, its universe and source, and its settings. */
export interface TradingLoopOptions {
  venue: TradingVenue;
  clock: LoopClock;
  /** The symbols to rank with their 1-minute bars, oldest first (wire TickPipeline.minuteBars). */
  universe: () => SymbolBars[];
  /** Default: the momentum + mean-reversion ensemble. */
  source?: SignalSource;
  /** Read on every run, so a saved setting applies from the next minute. Default: moderate. */
  allocation?: () => AllocationSettings;
  /** The venue's charges model, read on every run; entries are weighed against it. Default: the paper defaults. */
  chargeRates?: () => PaperLimits;
  /** Measures each BUY signal strength's move from the loop's own past rankings; entries must cover their charges on it. */
  signalEdge?: SignalEdgeBook;
  /** Default true; false only feeds signalEdge (the start-up replay that fills a fresh install's history). */
  gateOnSignalEdge?: boolean;
  account?: AccountId;
  /** Default 60 s: the signals work on 1-minute bars, so running faster decides on the same data. */
  intervalMs?: number;
  /** No single entry spends more than budget / entrySlices: the day's money goes to several names. */
  entrySlices?: number;
  exitRules?: ExitRules;
  /** A backtest's own minimum confidence and stop-loss in place of the phase's. Default: the phase's. */
  phaseOverrides?: Partial<Pick<TradingPhase, 'minMLConfidence' | 'emergencyStopLossPercent'>>;
  /** Set by the replay so every order it places says so. */
  simulatedReplay?: boolean;
  now?: () => number;
  log?: LoopLogger;
}
