import type { Worker } from 'node:worker_threads';
import { WorkStoppedError } from '../../core/time-slices';
import type { RebuildReply, RebuildRequest, WorkerBuilt } from './rebuild-protocol';

/** The worker could not answer (it failed to start, threw, or exited): the sliced path answers instead. */
export class RebuildWorkerFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RebuildWorkerFailedError';
  }
}

type Pending = {
  resolve(value: WorkerBuilt | string): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
};

/**
 * Longest wait for one answer before the worker is given up as hung and the sliced path answers.
 * Far above a cold 100,000-trade build at load 18 (41 s, decision 0052): only a worker that stopped
 * answering reaches it.
 */
export const WORKER_ANSWER_TIMEOUT_MS = 120_000;

/**
 * The main thread's end of the rebuild worker: one worker, started on the first request, its
 * requests answered in order by id. Any failure of the worker rejects every request waiting on it
 * with RebuildWorkerFailedError and leaves it failed for good; stop() terminates it and rejects them
 * with WorkStoppedError (503, as a sliced build dropped by a stop).
 */
export class RebuildWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;
  private failure: RebuildWorkerFailedError | null = null;

  constructor(
    private readonly spawn: () => Worker,
    private readonly timeoutMs = WORKER_ANSWER_TIMEOUT_MS,
  ) {}

  get failed(): boolean {
    return this.failure !== null;
  }

  build(request: Extract<RebuildRequest, { type: 'build' }>): Promise<WorkerBuilt> {
    return this.request(request) as Promise<WorkerBuilt>;
  }

  answer(request: Extract<RebuildRequest, { type: 'answer' }>): Promise<string> {
    return this.request(request) as Promise<string>;
  }

  private request(request: RebuildRequest): Promise<WorkerBuilt | string> {
    if (this.stopped) return Promise.reject(new WorkStoppedError());
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(
        () => this.fail(new RebuildWorkerFailedError('The analytics worker stopped answering.')),
        this.timeoutMs,
      );
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      try {
        const worker = this.start();
        worker.ref(); // a request under way keeps the process up; an idle worker does not
        worker.postMessage({ ...request, id });
      } catch (error) {
        this.fail(
          new RebuildWorkerFailedError('The analytics worker could not be started.', { cause: error }),
        );
      }
    });
  }

  /**
   * Starts the thread before the first request (tsx and the report's modules load there, about a
   * second on a loaded machine), so the first Performance screen is not kept waiting on it. Idle,
   * it does not keep the process up.
   */
  warm(): void {
    if (this.stopped || this.failure || this.worker) return;
    try {
      this.start().unref();
    } catch (error) {
      this.fail(new RebuildWorkerFailedError('The analytics worker could not be started.', { cause: error }));
    }
  }

  /** Gives the worker up (alive but not trusted): requests waiting on it reject with `error`. */
  abandon(error: RebuildWorkerFailedError): void {
    this.fail(error);
  }

  /** Terminates the worker; requests waiting on it reject with WorkStoppedError. */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    this.settleAll(new WorkStoppedError());
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    this.worker = worker;
    worker.on('message', (reply: RebuildReply) => this.receive(reply));
    worker.on('error', (error) => this.fail(new RebuildWorkerFailedError(error.message, { cause: error })));
    worker.on('exit', (code) => {
      if (this.worker === worker)
        this.fail(new RebuildWorkerFailedError(`The analytics worker exited (code ${code}).`));
    });
    return worker;
  }

  private receive(reply: RebuildReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else this.fail(new RebuildWorkerFailedError(reply.message), waiting);
  }

  /** One failure fails the worker: a half-known state is not answered from again. */
  private fail(error: RebuildWorkerFailedError, first?: Pending): void {
    if (this.stopped) return;
    this.failure ??= error;
    first?.reject(error);
    const worker = this.worker;
    this.worker = null;
    this.settleAll(error);
    void worker?.terminate().catch(() => undefined);
  }

  private settleAll(error: Error): void {
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
  }
}
