import { randomUUID } from 'node:crypto';
import type { BacktestProgressFrame, BacktestStartRequest } from '@td/contracts';
import type { Logger } from 'pino';
import type { BacktestRunsRepository } from '../../core/ports/repositories/backtest-runs';
import { type BacktestDataSources, historyForData } from './backtest-data';
import { BacktestLane } from './backtest-lane';
import type { BacktestRunner } from './backtest-protocol';
import { selectBacktestSessions } from './backtest-sessions';
import { type BacktestRunView, resultView, runView, settingsOf } from './backtest-view';
import { LabJobService } from './lab-job';

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
export class BacktestService extends LabJobService<BacktestRunView> {
  constructor(private readonly deps: BacktestServiceDeps) {
    super(
      {
        kind: 'backtest',
        table: deps.runs,
        runner: deps.runner,
        lane: deps.lane ?? new BacktestLane(),
        now: deps.now,
        logger: deps.logger,
      },
      runView,
    );
  }

  /** POST /api/backtests: a bad range is refused before anything is stored; a second run waits its turn. */
  start(request: BacktestStartRequest): BacktestRunView {
    this.refuseIfBusy();
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
    const job = { range, settings: settingsOf(request), data };
    this.begin(
      id,
      async (signal, progress) => {
        const frames = this.frames(id);
        const outcome = await this.deps.runner.run(
          job,
          (done, total) => {
            progress(done);
            frames.progress(done, total);
          },
          signal,
        );
        return outcome.status === 'complete'
          ? { status: 'complete', result: resultView(outcome.result), barsDone: outcome.result.bars }
          : { status: 'cancelled', barsDone: outcome.barsDone };
      },
      () => this.endFrame(id),
    );
    return this.get(id);
  }

  /** The run's progress frames for the stream: throttled, with the time left at the pace so far. */
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
    };
  }

  /** The run's last frame for the stream, once its end is recorded. */
  private endFrame(id: string): void {
    const { publish } = this.deps;
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
  }
}
