// The strategy lab's backtest: the live loop's decisions replayed over past one-minute bars.

export { BacktestLane } from './backtest-lane';
export type { BacktestJob, BacktestMessage, BacktestRequest, BacktestRunner } from './backtest-protocol';
export { BacktestService, type BacktestServiceDeps } from './backtest-service';
export {
  type BacktestHistory,
  type BacktestRange,
  type BacktestSession,
  backtestInputError,
  selectBacktestSessions,
  sessionsOfBars,
} from './backtest-sessions';
export type { BacktestSettings } from './backtest-settings';
export { type BacktestRunView, resultView, runView, settingsOf } from './backtest-view';
export { BacktestHost, type BacktestHostDeps, inProcessRunner, runJob } from './backtest-worker-host';
export { generatedHistory } from './generated-history';
export { type StoppableLabService, stopBacktestLab } from './lab-stop';
export {
  type BacktestLedgerStore,
  type BacktestOptions,
  type BacktestOrder,
  type BacktestOutcome,
  type BacktestResult,
  type BacktestSessionResult,
  runBacktest,
} from './run-backtest';
export { type StoredCandles, storedHistory } from './stored-history';
export { BacktestSweepService, type BacktestSweepServiceDeps } from './sweep/backtest-sweep-service';
export type { BacktestSweepView } from './sweep/sweep-view';
export { WorkerBacktestRunner } from './worker-runner';
