import { logLoss } from './learners/logistic';
import type { LabelledObservation, Learner } from './model-types';

/** Recent resolved outcomes every update is checked on. */
export const HOLDOUT_SIZE = 120;
/** Below this many holdout outcomes an update cannot be judged: it is applied, counted as unchecked. */
export const MIN_HOLDOUT = 20;

export interface LearningCounters {
  total_updates: number;
  successful_updates: number;
  rollbacks: number;
  /** Kept updates judged against the holdout (the rest came before the holdout was large enough). */
  checked_updates: number;
  /** Σ (holdout loss before − after) over kept, checked updates. */
  improvement_sum: number;
  /** Models whose update was kept in the latest round. */
  models_updated: number;
  last_update_time: number | null;
}

export interface UpdateOutcome {
  model: string;
  kept: boolean;
  reason: 'improved' | 'unchecked' | 'worse_on_holdout' | 'not_finite';
  lossBefore: number | null;
  lossAfter: number | null;
}

export function emptyCounters(): LearningCounters {
  return {
    total_updates: 0,
    successful_updates: 0,
    rollbacks: 0,
    checked_updates: 0,
    improvement_sum: 0,
    models_updated: 0,
    last_update_time: null,
  };
}

/** Mean log loss of a learner over examples; NaN when any prediction is not a finite probability. */
export function holdoutLoss(learner: Learner, examples: readonly LabelledObservation[]): number {
  let sum = 0;
  for (const example of examples) {
    const p = learner.probability(example.observation);
    if (!Number.isFinite(p) || p < 0 || p > 1) return Number.NaN;
    sum += logLoss(p, example.up);
  }
  return sum / examples.length;
}

/**
 * Online learning with rollback: each model learns the newly resolved batch, then is judged on a
 * holdout of the HOLDOUT_SIZE outcomes resolved before it; an update that raises the holdout's log
 * loss (or makes any prediction NaN) is undone by restoring the model's snapshot.
 */
export class OnlineLearning {
  readonly counters: LearningCounters;
  private holdout: LabelledObservation[] = [];
  private updating = false;

  constructor(
    private readonly learners: readonly Learner[],
    counters: LearningCounters = emptyCounters(),
    private readonly holdoutSize = HOLDOUT_SIZE,
  ) {
    this.counters = counters;
  }

  get isUpdating(): boolean {
    return this.updating;
  }

  get holdoutCount(): number {
    return this.holdout.length;
  }

  /** The outcomes updates are checked on, newest last. */
  get holdoutExamples(): readonly LabelledObservation[] {
    return this.holdout;
  }

  /** Seeds the holdout (after a restart, from the stored resolved predictions), newest last. */
  seedHoldout(examples: readonly LabelledObservation[]): void {
    this.holdout = examples.slice(-this.holdoutSize);
  }

  applyBatch(batch: readonly LabelledObservation[], now: number): UpdateOutcome[] {
    if (batch.length === 0) return [];
    this.updating = true;
    try {
      const outcomes = this.learners.map((learner) => this.updateOne(learner, batch));
      this.counters.models_updated = outcomes.filter((o) => o.kept).length;
      this.counters.last_update_time = now;
      this.holdout.push(...batch);
      if (this.holdout.length > this.holdoutSize)
        this.holdout.splice(0, this.holdout.length - this.holdoutSize);
      return outcomes;
    } finally {
      this.updating = false;
    }
  }

  private updateOne(learner: Learner, batch: readonly LabelledObservation[]): UpdateOutcome {
    const c = this.counters;
    c.total_updates += 1;
    const checked = this.holdout.length >= MIN_HOLDOUT;
    const before = checked ? holdoutLoss(learner, this.holdout) : null;
    const saved = learner.snapshot();
    for (const example of batch) learner.update(example);
    const probe = checked ? this.holdout : batch;
    const after = holdoutLoss(learner, probe);
    const base = {
      model: learner.name,
      lossBefore: before,
      lossAfter: Number.isFinite(after) ? after : null,
    };
    if (!Number.isFinite(after)) return this.rollBack(learner, saved, { ...base, reason: 'not_finite' });
    if (before !== null && Number.isFinite(before) && after > before) {
      return this.rollBack(learner, saved, { ...base, reason: 'worse_on_holdout' });
    }
    c.successful_updates += 1;
    if (before === null || !Number.isFinite(before)) return { ...base, kept: true, reason: 'unchecked' };
    c.checked_updates += 1;
    c.improvement_sum += before - after;
    return { ...base, kept: true, reason: 'improved' };
  }

  private rollBack(learner: Learner, saved: unknown, outcome: Omit<UpdateOutcome, 'kept'>): UpdateOutcome {
    learner.restore(saved);
    this.counters.rollbacks += 1;
    return { ...outcome, kept: false };
  }
}

/** Mean holdout improvement (log loss before − after) of the kept, checked updates; null before there is one. */
export function averageImprovement(counters: LearningCounters): number | null {
  return counters.checked_updates > 0 ? counters.improvement_sum / counters.checked_updates : null;
}
