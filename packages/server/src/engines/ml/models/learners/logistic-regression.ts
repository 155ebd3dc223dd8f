import { FEATURE_LABELS, FEATURE_NAMES } from '../features';
import type { LabelledObservation, Learner, ModelVote, Observation } from '../model-types';
import { isFiniteArray, sigmoid } from './logistic';

interface LogisticState {
  weights: number[];
  bias: number;
  /** Running means of the features seen in training: the reference point of an explanation. */
  means: number[];
  seen: number;
}

export interface FeatureContribution {
  feature: string;
  label: string;
  value: number;
  mean: number;
  weight: number;
  /** weight × (value − mean), in logit units. */
  contribution: number;
}

/** Exact additive explanation: base + Σ contributions = the logit the model predicted. */
export interface LinearExplanation {
  base: number;
  logit: number;
  probability: number;
  contributions: FeatureContribution[];
}

/** SGD step size of the logistic model, reported as the online learner's learning rate. */
export const LOGISTIC_LEARNING_RATE = 0.05;

/**
 * Logistic regression trained by stochastic gradient descent, one resolved example at a time
 * (learning rate 0.05, L2 1e-4). Being linear, each prediction splits exactly into per-feature parts.
 */
export class OnlineLogisticRegression implements Learner {
  readonly name = 'logistic_regression';
  readonly description = 'Online logistic regression (SGD) on all features';
  private state: LogisticState;

  constructor(
    private readonly learningRate = LOGISTIC_LEARNING_RATE,
    private readonly l2 = 1e-4,
    dimensions = FEATURE_NAMES.length,
  ) {
    this.state = {
      weights: new Array(dimensions).fill(0),
      bias: 0,
      means: new Array(dimensions).fill(0),
      seen: 0,
    };
  }

  logit(x: readonly number[]): number {
    const { weights, bias } = this.state;
    let z = bias;
    for (let j = 0; j < weights.length; j++) z += weights[j]! * (x[j] ?? 0);
    return z;
  }

  predict(observation: Observation): ModelVote {
    const explanation = this.explain(observation.x);
    const top = explanation.contributions.slice(0, 2).filter((c) => c.contribution !== 0);
    return {
      probability: explanation.probability,
      reasons: top.map(
        (c) => `${c.label} ${c.contribution >= 0 ? 'adds' : 'takes'} ${Math.abs(c.contribution).toFixed(3)}`,
      ),
    };
  }

  probability(observation: Observation): number {
    return sigmoid(this.logit(observation.x));
  }

  /** Contributions sorted by size; base = bias + Σ weight × mean. */
  explain(x: readonly number[]): LinearExplanation {
    const { weights, bias, means } = this.state;
    let base = bias;
    const contributions: FeatureContribution[] = [];
    for (let j = 0; j < weights.length; j++) {
      const value = x[j] ?? 0;
      base += weights[j]! * means[j]!;
      const feature = FEATURE_NAMES[j] ?? `feature_${j}`;
      contributions.push({
        feature,
        label: FEATURE_LABELS[feature as keyof typeof FEATURE_LABELS] ?? feature,
        value,
        mean: means[j]!,
        weight: weights[j]!,
        contribution: weights[j]! * (value - means[j]!),
      });
    }
    contributions.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
    const logit = this.logit(x);
    return { base, logit, probability: sigmoid(logit), contributions };
  }

  update({ observation, up }: LabelledObservation): void {
    const { x } = observation;
    const s = this.state;
    const error = sigmoid(this.logit(x)) - up;
    for (let j = 0; j < s.weights.length; j++) {
      s.weights[j] = s.weights[j]! - this.learningRate * (error * (x[j] ?? 0) + this.l2 * s.weights[j]!);
    }
    s.bias -= this.learningRate * error;
    s.seen += 1;
    for (let j = 0; j < s.means.length; j++) s.means[j] = s.means[j]! + ((x[j] ?? 0) - s.means[j]!) / s.seen;
  }

  snapshot(): LogisticState {
    const s = this.state;
    return { weights: [...s.weights], bias: s.bias, means: [...s.means], seen: s.seen };
  }

  restore(state: unknown): void {
    const s = state as LogisticState;
    if (!s || !isFiniteArray(s.weights ?? [NaN]) || s.weights.length !== this.state.weights.length) return;
    this.state = { weights: [...s.weights], bias: s.bias, means: [...s.means], seen: s.seen };
  }
}
