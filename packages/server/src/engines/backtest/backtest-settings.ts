import type { BacktestSignals } from '@td/contracts';
import {
  type BrokeragePlan,
  DEFAULT_PAPER_LIMITS,
  PAPER_STARTING_BALANCE_PAISE,
  type PaperLimits,
  type Product,
} from '../../core/orders';
import {
  type AllocationStrategy,
  DEFAULT_ALLOCATION_STRATEGY,
  EXIT_RULES,
  type ReplayLoopPieces,
} from '../strategy';
import { SignalEdgeBook } from '../strategy/allocation/signal-edge';

/** What a trader tries in a backtest; each setting left out is the live loop's own. */
export interface BacktestSettings {
  /** Starting capital, paise. Default: the paper account's ₹10,00,000. */
  capitalPaise?: number;
  allocation?: AllocationStrategy;
  /** Signals under this confidence (0..1) open nothing. Default: the capital phase's minimum. */
  minConfidence?: number;
  /** Sell once this percent below cost. Default: the capital phase's emergency stop. */
  stopLossPercent?: number;
  /** Sell once this percent above cost. Default: the loop's target (twice the stop distance). */
  targetPercent?: number;
  /** Sell anything held this long, minutes. Default: none (the session end and signals close positions). */
  maxHoldMinutes?: number;
  /** What every order is charged as. Default: the loop's rule (intraday, delivery for a sell carried overnight). */
  product?: Product;
  brokeragePlan?: BrokeragePlan;
  /**
   * Entries must first show a measured edge (the live loop's gate). Default false, as the start-up
   * replay: the backtest's edge book starts empty, so a gate would refuse its first 30 signals.
   */
  gateOnSignalEdge?: boolean;
  /** What ranks the stocks (decision 0058). Default: the rules alone, as the start-up replay. */
  signals?: BacktestSignals;
  /** Whether the ML ensemble reads the past news. Default true; nothing without ML signals. */
  news?: boolean;
}

/** The paper limits the backtest's ledger charges with: the defaults on the chosen brokerage plan. */
export function backtestLimits(settings: BacktestSettings): PaperLimits {
  return {
    ...DEFAULT_PAPER_LIMITS,
    brokerage_plan: settings.brokeragePlan ?? DEFAULT_PAPER_LIMITS.brokerage_plan,
  };
}

export function startingCapitalPaise(settings: BacktestSettings): number {
  return settings.capitalPaise ?? PAPER_STARTING_BALANCE_PAISE;
}

/** The live loop's decision pieces with the backtest's settings in place of the ones it names. */
export function backtestLoopPieces(settings: BacktestSettings): ReplayLoopPieces {
  const limits = backtestLimits(settings);
  const allocation = { strategy: settings.allocation ?? DEFAULT_ALLOCATION_STRATEGY };
  const phaseOverrides = {
    ...(settings.minConfidence === undefined ? {} : { minMLConfidence: settings.minConfidence }),
    ...(settings.stopLossPercent === undefined ? {} : { emergencyStopLossPercent: settings.stopLossPercent }),
  };
  return {
    allocation: () => allocation,
    chargeRates: () => limits,
    // One book for the whole run: what it measures in one session weighs entries in the next.
    signalEdge: new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs),
    gateOnSignalEdge: settings.gateOnSignalEdge ?? false,
    exitRules: {
      ...EXIT_RULES,
      ...(settings.targetPercent === undefined ? {} : { targetPercent: settings.targetPercent }),
      ...(settings.maxHoldMinutes === undefined ? {} : { maxHoldMs: settings.maxHoldMinutes * 60_000 }),
    },
    ...(Object.keys(phaseOverrides).length > 0 ? { phaseOverrides } : {}),
  };
}
