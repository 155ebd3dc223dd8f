import { Worker } from 'node:worker_threads';
import { tsxEsmApi, WORKER_SOURCE } from './analytics-worker';

/** What the backtest worker rebuilds the market's generated history from: the same seed and dates. */
export interface BacktestWorkerData {
  seed: number;
  dates: readonly string[];
  continuousSession: boolean;
  /** Where the worker reads the stored candles (data 'stored'): the embedded file or PostgreSQL; null: nowhere. */
  candles: { file: string } | { url: string; schema?: string } | null;
  /** RISK_FREE_RATE_PERCENT: the results' Sharpe and Sortino use the Performance screen's rate. */
  riskFreeRatePercent: number;
}

/** The backtest worker (decision 0054), started the way the analytics worker is (decision 0052). */
export function backtestWorkerSpawner(data: BacktestWorkerData): () => Worker {
  const tsx = tsxEsmApi();
  const entry = new URL('./backtest-worker-entry.ts', import.meta.url).href;
  return () =>
    new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...data, tsx, entry, dates: [...data.dates] },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
}
