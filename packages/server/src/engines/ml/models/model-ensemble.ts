import { type EnsembleVote, ensembleVote } from './ensemble-vote';
import { hedgeUpdate, uniformWeights } from './hedge';
import { type LinearExplanation, OnlineLogisticRegression } from './learners/logistic-regression';
import { GaussianNaiveBayes } from './learners/naive-bayes';
import { PatternNearestNeighbours } from './learners/nearest-neighbours';
import { NewsSentimentModel } from './learners/news-sentiment-model';
import { RuleModel } from './learners/rule-model';
import type { LabelledObservation, Learner, ModelVote, Observation } from './model-types';
import { type LearningCounters, OnlineLearning, type UpdateOutcome } from './online-learning';
import type { ModelRecord } from './prediction-store';

export interface EnsemblePrediction {
  votes: ModelVote[];
  vote: EnsembleVote;
  explanation: LinearExplanation;
}

/** A resolved prediction: the example and each model's P(up) when the prediction was made. */
export interface ResolvedExample extends LabelledObservation {
  probabilities: readonly number[];
}

export interface ModelTrackRecord {
  /** Resolved predictions where the model had a view (P ≠ 0.5). */
  resolved: number;
  correct: number;
  /** Its UP calls (what a long-only account would act on) and how many rose. */
  upCalls: number;
  upWins: number;
}

/** The six learners, their Hedge weights, track records and online learning: no database, no clock. */
export class ModelEnsemble {
  readonly logistic = new OnlineLogisticRegression();
  readonly learners: readonly Learner[];
  weights: number[];
  readonly records: ModelTrackRecord[];
  rebalances = 0;
  readonly learning: OnlineLearning;

  constructor(counters?: LearningCounters) {
    this.learners = [
      this.logistic,
      new RuleModel('momentum'),
      new RuleModel('mean_reversion'),
      new GaussianNaiveBayes(),
      new PatternNearestNeighbours(),
      new NewsSentimentModel(),
    ];
    this.weights = uniformWeights(this.learners.length);
    this.records = this.learners.map(() => ({ resolved: 0, correct: 0, upCalls: 0, upWins: 0 }));
    this.learning = new OnlineLearning(this.learners, counters);
  }

  predict(observation: Observation): EnsemblePrediction {
    const votes = this.learners.map((learner) => safeVote(learner, observation));
    return {
      votes,
      vote: ensembleVote(votes, this.weights),
      explanation: this.logistic.explain(observation.x),
    };
  }

  /**
   * Learns from a batch of resolved predictions: track records, then Hedge on each model's mean
   * absolute loss over the batch (as it predicted then), then the checked online update.
   */
  learn(batch: readonly ResolvedExample[], now: number): UpdateOutcome[] {
    if (batch.length === 0) return [];
    const losses = this.learners.map((_, i) => {
      let sum = 0;
      let n = 0;
      for (const example of batch) {
        const p = example.probabilities[i];
        if (p === undefined || !Number.isFinite(p)) continue;
        sum += Math.abs(example.up - p);
        n += 1;
        if (p === 0.5) continue;
        const record = this.records[i]!;
        record.resolved += 1;
        if (p > 0.5 === (example.up === 1)) record.correct += 1;
        if (p > 0.5) {
          record.upCalls += 1;
          record.upWins += example.up;
        }
      }
      return n > 0 ? sum / n : Number.NaN;
    });
    this.weights = hedgeUpdate(this.weights, losses);
    this.rebalances += 1;
    return this.learning.applyBatch(batch, now);
  }

  toRecords(): ModelRecord[] {
    return this.learners.map((learner, i) => ({
      name: learner.name,
      state: learner.snapshot(),
      weight: this.weights[i]!,
      ...this.records[i]!,
    }));
  }

  /** Restores saved models; a model with no saved row (or an unreadable one) starts fresh. */
  restore(records: ReadonlyMap<string, ModelRecord>, rebalances: number): void {
    const saved = this.learners.map((learner) => records.get(learner.name));
    saved.forEach((record, i) => {
      if (!record) return;
      this.learners[i]!.restore(record.state);
      this.records[i] = {
        resolved: record.resolved,
        correct: record.correct,
        upCalls: record.upCalls,
        upWins: record.upWins,
      };
    });
    const weights = saved.map((record) => record?.weight ?? Number.NaN);
    if (weights.every((w) => Number.isFinite(w) && w > 0)) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      this.weights = weights.map((w) => w / total);
    }
    this.rebalances = rebalances;
  }
}

/** A learner that throws or returns a non-probability has no view (0.5), and says why. */
function safeVote(learner: Learner, observation: Observation): ModelVote {
  try {
    const vote = learner.predict(observation);
    if (Number.isFinite(vote.probability) && vote.probability >= 0 && vote.probability <= 1) return vote;
    return { probability: 0.5, reasons: [`${learner.name} gave no usable probability`] };
  } catch (error) {
    return { probability: 0.5, reasons: [`${learner.name} failed: ${(error as Error).message}`] };
  }
}
