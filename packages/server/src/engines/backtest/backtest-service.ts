import { randomUUID } from 'node:crypto';
import type { BacktestProgressFrame, BacktestStartRequest } from '@td/contracts';
import type { Logger } from 'pino';
import { conflict, notFound } from '../../core/errors';
import type { BacktestRunsRepository } from '../../core/ports/repositories/backtest-runs';
import { type BacktestDataSources, historyForData } from './backtest-data';
import { BacktestLane } from './backtest-lane';
import type { BacktestRunner } from './backtest-protocol';
import { selectBacktestSessions } from './backtest-sessions';
import { type BacktestRunView, resultView, runView, settingsOf } from './backtest-view';

const LISTED = 50;
/** A run no server has moved for this long is one a dead server left: another server fails it. */
const STALE_AFTER_MS = 10 * 60_000;
/** A run's progress goes out on the stream at most this often (its end always does). */
const FRAME_EVERY_MS = 250;

/** The sources are read here only to refuse a bad range at once and count its bars; the runner replays it. */
export interface BacktestServiceDeps extends BacktestDataSources {
  runs: BacktestRunsRepository;
  runner: BacktestRunner;
  now: () => number;
  logger: Pick<Logger, 'error' | 'info'>;
  /** The `backtests` stream topic: a run's progress, a few frames a second, and its end. */
  publish?: (frame: BacktestProgressFrame) => void;
  /** Shared with the parameter sweeps (decision 0057): one of them at a time. Default: a lane of its own. */
  lane?: BacktestLane;
}

/** The strategy lab's runs: one at a time, each in the runner, its progress and end kept in backtest_runs. */
export class BacktestService {
  private current: { id: string; controller: AbortController; done: Promise<void> } | null = null;
  /** This server's runs in backtest_runs, so another server never fails one it is still moving. */
  private readonly owner = randomUUID();
  private readonly lane: BacktestLane;

  constructor(private readonly deps: BacktestServiceDeps) {
    this.lane = deps.lane ?? new BacktestLane();
  }

  /** At start: runs a server that stopped mid-run left running never finish: they failed. */
  recover(): void {
    const failed = this.failAbandoned();
    if (failed > 0)
      this.deps.logger.info({ failed }, 'backtests left running by a stopped server marked failed');
  }

  /** POST /api/backtests: a bad range is refused before anything is stored; a second run waits its turn. */
  start(request: BacktestStartRequest): BacktestRunView {
    this.lane.refuseIfBusy();
    const data = request.data ?? 'generated';
    const range = { from: request.from, to: request.to, symbols: request.symbols };
    const sessions = selectBacktestSessions(historyForData(this.deps, data, range), range);
    const id = randomUUID();
    const totalBars = sessions.reduce((sum, session) => sum + session.barCount, 0);
    this.deps.runs.insert({
      id,
      createdAt: this.deps.now(),
      settings: request,
      totalBars,
      owner: this.owner,
    });
    this.lane.take('backtest');
    const controller = new AbortController();
    // Held before the run starts: a runner failing at once ends it (and clears this) in the same turn.
    const current: { id: string; controller: AbortController; done: Promise<void> } = {
      id,
      controller,
      done: Promise.resolve(),
    };
    this.current = current;
    current.done = Promise.resolve().then(() =>
      this.execute(id, { range, settings: settingsOf(request), data }, controller.signal),
    );
    return this.view(id);
  }

  list(): BacktestRunView[] {
    this.failAbandoned();
    return this.deps.runs.list(LISTED).map(runView);
  }

  get(id: string): BacktestRunView {
    return this.view(id);
  }

  /** POST /api/backtests/:id/cancel: the run stops between two minutes and keeps no result. */
  async cancel(id: string): Promise<BacktestRunView> {
    const run = this.view(id);
    if (this.current?.id !== id) {
      throw conflict(
        run.status === 'running'
          ? 'This backtest is running on another server: cancel it there.'
          : `This backtest is ${run.status}, not running: there is nothing to cancel.`,
        'backtest_not_running',
      );
    }
    this.current.controller.abort();
    await this.current.done;
    return this.view(id);
  }

  /** The server is stopping: the run under way is cancelled and the runner's thread ends. */
  async stop(): Promise<void> {
    this.abort();
    await this.deps.runner.stop();
    await this.idle();
  }

  /** Cancels the run under way without waiting (the lab's stop aborts everything before the thread ends). */
  abort(): void {
    this.current?.controller.abort();
  }

  /** Resolves once the run under way (if any) has ended and been recorded: for tests. */
  async idle(): Promise<void> {
    await this.current?.done;
  }

  /**
   * Runs no server is moving any more fail: checked at start and again whenever runs are read, so one
   * a server left when it died fails once it has gone STALE_AFTER_MS without progress, not only when
   * some server next starts. The run this server is moving is never touched.
   */
  private failAbandoned(): number {
    const now = this.deps.now();
    return this.deps.runs.failRunning({
      finishedAt: now,
      error: 'The server running this backtest stopped during it: start it again.',
      owner: this.owner,
      staleBefore: now - STALE_AFTER_MS,
      except: this.current?.id ?? null,
    });
  }

  private view(id: string): BacktestRunView {
    this.failAbandoned();
    const run = this.deps.runs.get(id);
    if (!run)
      throw notFound(`No backtest ${id}: it may have been started on another server.`, 'backtest_not_found');
    return runView(run);
  }

  private async execute(
    id: string,
    job: Parameters<BacktestRunner['run']>[0],
    signal: AbortSignal,
  ): Promise<void> {
    const { runs, now } = this.deps;
    let barsDone = 0;
    const frames = this.frames(id);
    try {
      const outcome = await this.deps.runner.run(
        job,
        (done, total) => {
          barsDone = done;
          // A database hiccup here must not escape the worker's message handler (and end the server).
          try {
            runs.progress(id, done, now());
          } catch (error) {
            this.deps.logger.error({ err: error, backtest: id }, 'backtest progress not recorded');
          }
          frames.progress(done, total);
        },
        signal,
      );
      if (outcome.status === 'complete') {
        const result = resultView(outcome.result);
        runs.finish(id, {
          status: 'complete',
          finishedAt: now(),
          result,
          error: null,
          barsDone: outcome.result.bars,
        });
      } else {
        runs.finish(id, {
          status: 'cancelled',
          finishedAt: now(),
          result: null,
          error: null,
          barsDone: outcome.barsDone,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.logger.error({ err: error, backtest: id }, 'backtest failed');
      try {
        runs.finish(id, {
          status: signal.aborted ? 'cancelled' : 'failed',
          finishedAt: now(),
          result: null,
          error: message,
          barsDone,
        });
      } catch (unrecorded) {
        // Left running in the table: the next read of the runs marks it failed (failAbandoned).
        this.deps.logger.error({ err: unrecorded, backtest: id }, 'backtest end not recorded');
      }
    } finally {
      if (this.current?.id === id) this.current = null;
      this.lane.release('backtest');
      frames.end();
    }
  }

  /** The run's frames for the stream: progress throttled, with the time left at the pace so far. */
  private frames(id: string) {
    const { now, publish } = this.deps;
    const startedAt = now();
    let sentAt = Number.NEGATIVE_INFINITY;
    return {
      progress: (done: number, total: number) => {
        const at = now();
        if (!publish || (done < total && at - sentAt < FRAME_EVERY_MS)) return;
        sentAt = at;
        const elapsed = (at - startedAt) / 1000;
        const eta = done > 0 && elapsed > 0 ? Math.round(((total - done) * elapsed) / done) : null;
        publish({
          id,
          status: 'running',
          bars_done: done,
          bars_total: total,
          percent: total > 0 ? Math.floor((done / total) * 1000) / 10 : 0,
          eta_seconds: eta,
        });
      },
      end: () => {
        if (!publish) return;
        const run = this.deps.runs.get(id);
        if (!run) return;
        const { status, progress } = runView(run);
        publish({
          id,
          status,
          bars_done: progress.bars_done,
          bars_total: progress.total_bars,
          percent: progress.percent,
          eta_seconds: status === 'complete' ? 0 : null,
        });
      },
    };
  }
}
