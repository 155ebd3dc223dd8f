import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { conflict, notFound } from '../../core/errors';
import type { BacktestRunRecord, BacktestRunsRepository } from '../../core/ports/repositories/backtest-runs';
import type { BacktestLane } from './backtest-lane';
import type { BacktestRunner } from './backtest-protocol';

const LISTED = 50;
/** A job no server has moved for this long is one a dead server left: another server fails it. */
const STALE_AFTER_MS = 10 * 60_000;

/** What the lab runs: a backtest or a parameter sweep, each its own table and its own words. */
export type LabJobKind = 'backtest' | 'sweep';

/** How a job's work ended without throwing; `barsDone` defaults to the last progress reported. */
export type LabJobEnd =
  | { status: 'complete'; result: unknown; barsDone?: number }
  | { status: 'cancelled'; barsDone?: number };

export interface LabJobsDeps {
  kind: LabJobKind;
  /** The kind's table: backtest_runs or backtest_sweeps. */
  table: BacktestRunsRepository;
  runner: Pick<BacktestRunner, 'stop'>;
  /** Shared by the kinds: a backtest and a sweep never run at once. */
  lane: BacktestLane;
  now: () => number;
  logger: Pick<Logger, 'error' | 'info'>;
}

type LabJobRow = Omit<BacktestRunRecord, 'result'> & { result?: unknown };

/**
 * One kind of the strategy lab's jobs on this server, a backtest or a sweep service's common part: the
 * one under way, its cancel, its end recorded in the kind's table whatever happens, and the jobs a
 * stopped server left running failed. The service adds its start: what the job does.
 */
export abstract class LabJobService<View> {
  private current: { id: string; controller: AbortController; done: Promise<void> } | null = null;
  /** This server's jobs in the table, so another server never fails one it is still moving. */
  protected readonly owner = randomUUID();

  constructor(
    private readonly lab: LabJobsDeps,
    private readonly viewOf: (job: LabJobRow) => View,
  ) {}

  /** At start: jobs a server that stopped mid-job left running never finish: they failed. */
  recover(): void {
    const failed = this.failAbandoned();
    if (failed > 0)
      this.lab.logger.info({ failed }, `${this.lab.kind}s left running by a stopped server marked failed`);
  }

  /** Throws a 409 with a sentence while a backtest or a sweep holds the lane. */
  protected refuseIfBusy(): void {
    this.lab.lane.refuseIfBusy();
  }

  /**
   * Takes the lane and runs `work` from the next turn; `onEnd` runs once the end is recorded. The job is
   * held before its work starts: work failing at once ends it (and clears it) in the same turn.
   */
  protected begin(
    id: string,
    work: (signal: AbortSignal, progress: (barsDone: number) => void) => Promise<LabJobEnd>,
    onEnd?: () => void,
  ): void {
    this.lab.lane.take(this.lab.kind);
    const controller = new AbortController();
    const current = { id, controller, done: Promise.resolve() };
    this.current = current;
    current.done = Promise.resolve().then(() => this.execute(id, work, controller.signal, onEnd));
  }

  /** The newest jobs of the kind, newest first. */
  list(): View[] {
    this.failAbandoned();
    return this.lab.table.list(LISTED).map(this.viewOf);
  }

  /** A job of the kind; a 404 with a sentence when there is none. */
  get(id: string): View {
    return this.viewOf(this.record(id));
  }

  /**
   * POST …/:id/cancel: the job stops between two minutes and keeps no result; its view once the end is
   * recorded. A 409 when this server is not running it.
   */
  async cancel(id: string): Promise<View> {
    const job = this.record(id);
    if (this.current?.id !== id) {
      const { kind } = this.lab;
      throw conflict(
        job.status === 'running'
          ? `This ${kind} is running on another server: cancel it there.`
          : `This ${kind} is ${job.status}, not running: there is nothing to cancel.`,
        'backtest_not_running',
      );
    }
    this.current.controller.abort();
    await this.current.done;
    return this.get(id);
  }

  /** The server is stopping: the job under way is cancelled and the runner's thread ends. */
  async stop(): Promise<void> {
    this.abort();
    await this.lab.runner.stop();
    await this.idle();
  }

  /** Cancels the job under way without waiting (the lab's stop aborts everything before the thread ends). */
  abort(): void {
    this.current?.controller.abort();
  }

  /** Resolves once the job under way (if any) has ended and been recorded: for tests. */
  async idle(): Promise<void> {
    await this.current?.done;
  }

  /** A job of the kind, after failing the abandoned ones; a 404 with a sentence when there is none. */
  private record(id: string): BacktestRunRecord {
    this.failAbandoned();
    const job = this.lab.table.get(id);
    if (!job) {
      const { kind } = this.lab;
      throw notFound(`No ${kind} ${id}: it may have been started on another server.`, `${kind}_not_found`);
    }
    return job;
  }

  /**
   * Jobs no server is moving any more fail: checked at start and again whenever jobs are read, so one
   * a server left when it died fails once it has gone STALE_AFTER_MS without progress, not only when
   * some server next starts. The job this server is moving is never touched.
   */
  private failAbandoned(): number {
    const now = this.lab.now();
    return this.lab.table.failRunning({
      finishedAt: now,
      error: `The server running this ${this.lab.kind} stopped during it: start it again.`,
      owner: this.owner,
      staleBefore: now - STALE_AFTER_MS,
      except: this.current?.id ?? null,
    });
  }

  private async execute(
    id: string,
    work: (signal: AbortSignal, progress: (barsDone: number) => void) => Promise<LabJobEnd>,
    signal: AbortSignal,
    onEnd: (() => void) | undefined,
  ): Promise<void> {
    const { table, now, logger, kind } = this.lab;
    let barsDone = 0;
    try {
      const end = await work(signal, (done) => {
        barsDone = done;
        // A database hiccup here must not escape the worker's message handler (and end the server).
        try {
          table.progress(id, done, now());
        } catch (error) {
          logger.error({ err: error, [kind]: id }, `${kind} progress not recorded`);
        }
      });
      table.finish(id, {
        status: end.status,
        finishedAt: now(),
        result: end.status === 'complete' ? end.result : null,
        error: null,
        barsDone: end.barsDone ?? barsDone,
      });
    } catch (error) {
      logger.error({ err: error, [kind]: id }, `${kind} failed`);
      try {
        table.finish(id, {
          status: signal.aborted ? 'cancelled' : 'failed',
          finishedAt: now(),
          result: null,
          error: error instanceof Error ? error.message : String(error),
          barsDone,
        });
      } catch (unrecorded) {
        // Left running in the table: the next read marks it failed (failAbandoned).
        logger.error({ err: unrecorded, [kind]: id }, `${kind} end not recorded`);
      }
    } finally {
      if (this.current?.id === id) this.current = null;
      this.lab.lane.release(kind);
      onEnd?.();
    }
  }
}
