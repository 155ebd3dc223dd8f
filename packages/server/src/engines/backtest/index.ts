// The strategy lab's backtest: the live loop's decisions replayed over past one-minute bars.

export {
  type BacktestHistory,
  type BacktestRange,
  type BacktestSession,
  backtestInputError,
  selectBacktestSessions,
  sessionsOfBars,
} from './backtest-sessions';
export type { BacktestSettings } from './backtest-settings';
export { generatedHistory } from './generated-history';
export {
  type BacktestLedgerStore,
  type BacktestOptions,
  type BacktestOrder,
  type BacktestOutcome,
  type BacktestResult,
  type BacktestSessionResult,
  runBacktest,
} from './run-backtest';
