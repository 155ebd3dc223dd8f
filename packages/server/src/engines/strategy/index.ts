// The automated trading loop's public surface: signals → allocation → orders → exits, and replay.

export type { LoopClock, LoopLogger, TradingVenue } from '../../core/ports/trading-venue';
export * from '../signals';
export * from './allocation';
export type { AllocationSettings } from './allocation/loop-allocation';
export {
  EXIT_RULES,
  type ExitInput,
  type ExitRules,
  type ExitStrategy,
  exitLevels,
  isPastSessionEnd,
  planExits,
} from './exits';
export { LiveTradingLoop, type LiveTradingLoopOptions } from './live-trading-loop';
export {
  type DecisionOutcome,
  type LoopDecision,
  LoopJournal,
  signalDetail,
  signalReason,
} from './loop-journal';
export {
  describeLoop,
  type LoopRunSummary,
  type LoopStatus,
  type RunReport,
  type TradingLoopState,
} from './loop-status';
export { type PhaseNumber, phaseForCapital, TRADING_PHASES, type TradingPhase } from './phases';
export {
  type ReplayFeed,
  type ReplayLoopPieces,
  type ReplayOptions,
  type ReplayResult,
  type ReplaySession,
  type ReplaySessionResult,
  replayHistory,
  replaySteps,
} from './replay/replay';
export { TradingLoop, type TradingLoopOptions } from './trading-loop';
