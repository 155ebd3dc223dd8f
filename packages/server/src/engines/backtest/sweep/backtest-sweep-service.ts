import { randomUUID } from 'node:crypto';
import type { BacktestSweepRequest, SweepResult } from '@td/contracts';
import type { Logger } from 'pino';
import type { BacktestRunsRepository } from '../../../core/ports/repositories/backtest-runs';
import { type BacktestDataSources, historyForData } from '../backtest-data';
import type { BacktestLane } from '../backtest-lane';
import type { BacktestRunner } from '../backtest-protocol';
import { type BacktestRange, selectBacktestSessions } from '../backtest-sessions';
import { settingsOf } from '../backtest-view';
import { LabJobService } from '../lab-job';
import type { BacktestResult } from '../run-backtest';
import { type SweepCombinationRuns, sweepIntervalLevel, sweepTable } from './sweep-figures';
import { type SweepPart, splitSessions, sweepCombinations } from './sweep-plan';
import { type BacktestSweepView, sweepView } from './sweep-view';

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
export class BacktestSweepService extends LabJobService<BacktestSweepView> {
  constructor(private readonly deps: BacktestSweepServiceDeps) {
    super(
      {
        kind: 'sweep',
        table: deps.sweeps,
        runner: deps.runner,
        lane: deps.lane,
        now: deps.now,
        logger: deps.logger,
      },
      sweepView,
    );
  }

  /** POST /api/backtests/sweeps: a bad range or split is refused before anything is stored. */
  start(request: BacktestSweepRequest): BacktestSweepView {
    this.refuseIfBusy();
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
    this.begin(plan.id, async (signal, progress) => {
      const result = await this.runCombinations(plan, signal, progress);
      return result ? { status: 'complete', result } : { status: 'cancelled' };
    });
    return this.get(plan.id);
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
