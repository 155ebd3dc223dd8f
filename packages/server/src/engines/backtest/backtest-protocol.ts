import type { BacktestData } from '@td/contracts';
import type { BacktestRange } from './backtest-sessions';
import type { BacktestSettings } from './backtest-settings';
import type { BacktestOutcome } from './run-backtest';

/** What a backtest is asked to replay: the range and symbols, and the settings tried. */
export interface BacktestJob {
  range: BacktestRange;
  settings: BacktestSettings;
  /** Where the bars come from; default: the generated history. */
  data?: BacktestData;
}

/** Main thread → backtest worker. */
export type BacktestRequest = { type: 'run'; id: string; job: BacktestJob } | { type: 'cancel'; id: string };

/** Backtest worker → main thread: progress now and then, then one end. */
export type BacktestMessage =
  | { type: 'progress'; id: string; barsDone: number; totalBars: number }
  | { type: 'done'; id: string; outcome: BacktestOutcome }
  | { type: 'failed'; id: string; message: string; statusCode: number | null };

/** Runs one job somewhere (a worker thread, or in process in a test) and tells its progress. */
export interface BacktestRunner {
  run(
    job: BacktestJob,
    onProgress: (barsDone: number, totalBars: number) => void,
    signal: AbortSignal,
  ): Promise<BacktestOutcome>;
  /** The server is stopping: a run under way ends (its promise rejects) and the thread goes. */
  stop(): Promise<void>;
}
