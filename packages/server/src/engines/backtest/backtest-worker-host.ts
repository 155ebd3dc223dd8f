import { HttpError } from '../../core/errors';
import { WorkStoppedError } from '../../core/time-slices';
import { type BacktestMl, prepareBacktestMl } from './backtest-ml';
import type { BacktestJob, BacktestMessage, BacktestRequest, BacktestRunner } from './backtest-protocol';
import { type BacktestHistory, selectBacktestSessions } from './backtest-sessions';
import { type BacktestLedgerStore, type BacktestOutcome, runBacktest } from './run-backtest';
import { type StoredCandles, storedHistory } from './stored-history';

/** Progress is told at most this often: a run has thousands of minutes. */
const PROGRESS_EVERY_MS = 250;

export interface BacktestHostDeps {
  history: BacktestHistory;
  /** The stored candles, for runs with data 'stored'; absent where the thread cannot read the database. */
  storedCandles?: () => StoredCandles;
  /** Called when the last run in flight ends: the thread may close the connection storedCandles opened. */
  releaseStoredCandles?: () => void;
  openLedger: () => BacktestLedgerStore;
  /** Annual, percent points, for Sharpe and Sortino; default the server's default 6.5. */
  riskFreeRatePercent?: number;
}

/** Runs a job here, in this thread: the worker's body, and the runner tests use without a thread. */
export async function runJob(
  deps: BacktestHostDeps,
  job: BacktestJob,
  onProgress: (barsDone: number, totalBars: number) => void,
  signal: AbortSignal,
): Promise<BacktestOutcome> {
  let toldAt = 0;
  const history = historyOf(deps, job);
  const sessions = selectBacktestSessions(history, job.range);
  const totalBars = sessions.reduce((sum, session) => sum + session.barCount, 0);
  let ml: BacktestMl | null;
  try {
    ml = await prepareBacktestMl(history, job.range, sessions, job.settings, signal);
  } catch (error) {
    // Cancelled while the ensemble trained on the sessions before the range: no bar was replayed.
    if (error instanceof WorkStoppedError && signal.aborted)
      return { status: 'cancelled', barsDone: 0, totalBars };
    throw error;
  }
  const outcome = await runBacktest({
    sessions: ml?.sessions ?? sessions,
    settings: job.settings,
    ...(ml && { source: ml.source }),
    openLedger: deps.openLedger,
    ...(deps.riskFreeRatePercent === undefined ? {} : { riskFreeRatePercent: deps.riskFreeRatePercent }),
    signal,
    onProgress: (done, total) => {
      const now = performance.now();
      if (done < total && now - toldAt < PROGRESS_EVERY_MS) return;
      toldAt = now;
      onProgress(done, total);
    },
  });
  if (outcome.status !== 'complete') return outcome;
  const note = history.nifty50Note;
  return {
    ...outcome,
    result: { ...outcome.result, ...(note && { benchmarkNote: note }), ...(ml && { ml: ml.report() }) },
  };
}

function historyOf(deps: BacktestHostDeps, job: BacktestJob): BacktestHistory {
  if (job.data !== 'stored') return deps.history;
  if (!deps.storedCandles) throw new Error('The backtest thread has no access to the stored candles.');
  return storedHistory(deps.storedCandles(), job.range, deps.history);
}

/** The runner without a thread: for tests, and wherever a worker cannot start. */
export function inProcessRunner(deps: BacktestHostDeps): BacktestRunner {
  return { run: (job, onProgress, signal) => runJob(deps, job, onProgress, signal), stop: async () => {} };
}

/** The worker's side: runs each job asked for, cancels on request, answers with messages. */
export class BacktestHost {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly deps: BacktestHostDeps,
    private readonly post: (message: BacktestMessage) => void,
  ) {}

  handle(request: BacktestRequest): void {
    if (request.type === 'cancel') {
      this.running.get(request.id)?.abort();
      return;
    }
    const { id, job } = request;
    const controller = new AbortController();
    this.running.set(id, controller);
    const progress = (barsDone: number, totalBars: number) =>
      this.post({ type: 'progress', id, barsDone, totalBars });
    runJob(this.deps, job, progress, controller.signal)
      .then((outcome) => this.post({ type: 'done', id, outcome }))
      .catch((error: unknown) =>
        this.post({
          type: 'failed',
          id,
          message: error instanceof Error ? error.message : String(error),
          statusCode: error instanceof HttpError ? error.statusCode : null,
        }),
      )
      .finally(() => {
        this.running.delete(id);
        if (this.running.size === 0) this.deps.releaseStoredCandles?.();
      });
  }
}
