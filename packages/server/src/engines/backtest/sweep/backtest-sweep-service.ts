import { randomUUID } from 'node:crypto';
import type { BacktestSweepRequest, SweepResult } from '@td/contracts';
import type { Logger } from 'pino';
import { conflict, notFound } from '../../../core/errors';
import type { BacktestRunsRepository } from '../../../core/ports/repositories/backtest-runs';
import { type BacktestDataSources, historyForData } from '../backtest-data';
import type { BacktestLane } from '../backtest-lane';
import type { BacktestRunner } from '../backtest-protocol';
import { type BacktestRange, selectBacktestSessions } from '../backtest-sessions';
import { settingsOf } from '../backtest-view';
import type { BacktestResult } from '../run-backtest';
import { type SweepCombinationRuns, sweepIntervalLevel, sweepTable } from './sweep-figures';
import { type SweepPart, splitSessions, sweepCombinations } from './sweep-plan';
import { type BacktestSweepView, sweepView } from './sweep-view';

const LISTED = 50;
/** A sweep no server has moved for this long is one a dead server left: another server fails it. */
const STALE_AFTER_MS = 10 * 60_000;

export interface BacktestSweepServiceDeps extends BacktestDataSources {
  /** The backtest_sweeps table: a backtest run's columns. */
  sweeps: BacktestRunsRepository;
  /** The backtests' own runner: the sweep's backtests run in the same worker thread, one by one. */
  runner: BacktestRunner;
  /** Shared with the backtest service: a sweep and a backtest never run at once. */
  lane: BacktestLane;
  now: () => number;
  logger: Pick<Logger, 'error' | 'info'>;
}

interface SweepPlan {
  id: string;
  request: BacktestSweepRequest;
  parts: { inSample: SweepPart; outOfSample: SweepPart };
  barsPerPart: { inSample: number; outOfSample: number };
}

/**
 * The strategy lab's parameter sweep (decision 0057): every combination is backtested on the first
 * part of the range and again, from the same starting capital, on the held-out rest; the table leads
 * with the held-out figures. A cancelled or failed sweep keeps no table.
 */
export class BacktestSweepService {
  private current: { id: string; controller: AbortController; done: Promise<void> } | null = null;
  private readonly owner = randomUUID();

  constructor(private readonly deps: BacktestSweepServiceDeps) {}

  /** At start: every sweep this server's earlier life or a dead server left running has failed. */
  recover(): void {
    const failed = this.failAbandoned();
    if (failed > 0)
      this.deps.logger.info({ failed }, 'sweeps left running by a stopped server marked failed');
  }

  /** POST /api/backtests/sweeps: a bad range or split is refused before anything is stored. */
  start(request: BacktestSweepRequest): BacktestSweepView {
    const { lane } = this.deps;
    lane.refuseIfBusy();
    const range = rangeOf(request, request.from, request.to);
    const sessions = selectBacktestSessions(historyForData(this.deps, request.data, range), range);
    const parts = splitSessions(
      sessions.map((session) => session.date),
      request.in_sample_share,
    );
    const combinations = sweepCombinations(request.grid);
    const barsIn = (part: SweepPart) =>
      sessions
        .filter((s) => s.date >= part.from && s.date <= part.to)
        .reduce((sum, s) => sum + s.barCount, 0);
    const plan: SweepPlan = {
      id: randomUUID(),
      request,
      parts,
      barsPerPart: { inSample: barsIn(parts.inSample), outOfSample: barsIn(parts.outOfSample) },
    };
    const perCombination = plan.barsPerPart.inSample + plan.barsPerPart.outOfSample;
    this.deps.sweeps.insert({
      id: plan.id,
      createdAt: this.deps.now(),
      settings: request,
      totalBars: perCombination * combinations.length,
      owner: this.owner,
    });
    lane.take('sweep');
    const controller = new AbortController();
    const current = { id: plan.id, controller, done: Promise.resolve() };
    this.current = current;
    current.done = Promise.resolve().then(() => this.execute(plan, controller.signal));
    return this.view(plan.id);
  }

  list(): BacktestSweepView[] {
    this.failAbandoned();
    return this.deps.sweeps.list(LISTED).map(sweepView);
  }

  get(id: string): BacktestSweepView {
    return this.view(id);
  }

  /** POST /api/backtests/sweeps/:id/cancel: the sweep stops between two minutes and keeps no table. */
  async cancel(id: string): Promise<BacktestSweepView> {
    const sweep = this.view(id);
    if (this.current?.id !== id) {
      throw conflict(
        sweep.status === 'running'
          ? 'This sweep is running on another server: cancel it there.'
          : `This sweep is ${sweep.status}, not running: there is nothing to cancel.`,
        'backtest_not_running',
      );
    }
    this.current.controller.abort();
    await this.current.done;
    return this.view(id);
  }

  /** The server is stopping: the sweep under way is cancelled and the runner's thread ends. */
  async stop(): Promise<void> {
    this.abort();
    await this.deps.runner.stop();
    await this.idle();
  }

  /** Cancels the sweep under way without waiting (the lab's stop aborts everything before the thread ends). */
  abort(): void {
    this.current?.controller.abort();
  }

  /** Resolves once the sweep under way (if any) has ended and been recorded: for tests. */
  async idle(): Promise<void> {
    await this.current?.done;
  }

  /**
   * Sweeps no server is moving any more fail: checked at start and again whenever sweeps are read, so
   * one a server left when it died fails once it has gone STALE_AFTER_MS without progress, not only
   * when some server next starts. The sweep this server is moving is never touched.
   */
  private failAbandoned(): number {
    const now = this.deps.now();
    return this.deps.sweeps.failRunning({
      finishedAt: now,
      error: 'The server running this sweep stopped during it: start it again.',
      owner: this.owner,
      staleBefore: now - STALE_AFTER_MS,
      except: this.current?.id ?? null,
    });
  }

  private view(id: string): BacktestSweepView {
    this.failAbandoned();
    const sweep = this.deps.sweeps.get(id);
    if (!sweep)
      throw notFound(`No sweep ${id}: it may have been started on another server.`, 'sweep_not_found');
    return sweepView(sweep);
  }

  private async execute(plan: SweepPlan, signal: AbortSignal): Promise<void> {
    const { sweeps, now, logger } = this.deps;
    let barsDone = 0;
    try {
      const result = await this.runCombinations(plan, signal, (done) => {
        barsDone = done;
        try {
          sweeps.progress(plan.id, done, now());
        } catch (error) {
          logger.error({ err: error, sweep: plan.id }, 'sweep progress not recorded');
        }
      });
      sweeps.finish(plan.id, {
        status: result ? 'complete' : 'cancelled',
        finishedAt: now(),
        result,
        error: null,
        barsDone,
      });
    } catch (error) {
      logger.error({ err: error, sweep: plan.id }, 'sweep failed');
      try {
        sweeps.finish(plan.id, {
          status: signal.aborted ? 'cancelled' : 'failed',
          finishedAt: now(),
          result: null,
          error: error instanceof Error ? error.message : String(error),
          barsDone,
        });
      } catch (unrecorded) {
        logger.error({ err: unrecorded, sweep: plan.id }, 'sweep end not recorded');
      }
    } finally {
      if (this.current?.id === plan.id) this.current = null;
      this.deps.lane.release('sweep');
    }
  }

  /** Each combination's two backtests, one after the other; null once cancelled. */
  private async runCombinations(
    plan: SweepPlan,
    signal: AbortSignal,
    onProgress: (barsDone: number) => void,
  ): Promise<SweepResult | null> {
    const { request, parts, barsPerPart } = plan;
    const runs: SweepCombinationRuns[] = [];
    let before = 0;
    for (const parameters of sweepCombinations(request.grid)) {
      const settings = settingsOf({ ...request, ...parameters });
      const runPart = async (part: SweepPart): Promise<BacktestResult | null> => {
        const offset = before;
        const outcome = await this.deps.runner.run(
          { range: rangeOf(request, part.from, part.to), settings, data: request.data ?? 'generated' },
          (done) => onProgress(offset + done),
          signal,
        );
        return outcome.status === 'complete' ? outcome.result : null;
      };
      const inSample = await runPart(parts.inSample);
      if (!inSample || signal.aborted) return null;
      before += barsPerPart.inSample;
      onProgress(before);
      const outOfSample = await runPart(parts.outOfSample);
      if (!outOfSample || signal.aborted) return null;
      before += barsPerPart.outOfSample;
      onProgress(before);
      runs.push({ parameters, inSample, outOfSample });
    }
    return {
      in_sample: parts.inSample,
      out_of_sample: parts.outOfSample,
      interval_level: sweepIntervalLevel(runs.length),
      combinations: sweepTable(runs),
    };
  }
}

const rangeOf = (request: BacktestSweepRequest, from: string, to: string): BacktestRange => ({
  from: from as BacktestRange['from'],
  to: to as BacktestRange['to'],
  symbols: request.symbols,
});
