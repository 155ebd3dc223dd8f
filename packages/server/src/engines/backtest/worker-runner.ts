import type { Worker } from 'node:worker_threads';
import { HttpError } from '../../core/errors';
import type { BacktestJob, BacktestMessage, BacktestRequest, BacktestRunner } from './backtest-protocol';
import type { BacktestOutcome } from './run-backtest';

interface Pending {
  resolve: (outcome: BacktestOutcome) => void;
  reject: (error: Error) => void;
  onProgress: (barsDone: number, totalBars: number) => void;
}

/**
 * Runs backtests in a worker thread (the pattern of decision 0052), so a run of minutes never holds
 * the event loop. The thread starts with the first run and is kept; one that fails is replaced.
 */
export class WorkerBacktestRunner implements BacktestRunner {
  private worker: Worker | null = null;
  private readonly pending = new Map<string, Pending>();
  private nextId = 0;

  constructor(private readonly spawn: () => Worker) {}

  run(
    job: BacktestJob,
    onProgress: (barsDone: number, totalBars: number) => void,
    signal: AbortSignal,
  ): Promise<BacktestOutcome> {
    const worker = this.thread();
    const id = String(++this.nextId);
    // A sweep passes one signal to its many runs: each run's listener goes when the run ends.
    const cancel = () => this.send({ type: 'cancel', id });
    signal.addEventListener('abort', cancel, { once: true });
    const settled = () => signal.removeEventListener('abort', cancel);
    return new Promise<BacktestOutcome>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (outcome) => {
          settled();
          resolve(outcome);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
        onProgress,
      });
      worker.postMessage({ type: 'run', id, job } satisfies BacktestRequest);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('The server is stopping: the backtest was cut short.'));
    await worker?.terminate();
  }

  private send(request: BacktestRequest): void {
    this.worker?.postMessage(request);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    worker.on('message', (message: BacktestMessage) => this.receive(message));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', () => this.lost(worker, new Error('The backtest worker stopped.')));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(message: BacktestMessage): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress(message.barsDone, message.totalBars);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'done') pending.resolve(message.outcome);
    else if (message.statusCode !== null)
      pending.reject(new HttpError(message.statusCode, message.message, 'backtest_input'));
    else pending.reject(new Error(message.message));
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
