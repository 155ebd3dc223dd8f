import type { LabelledObservation, Learner, ModelVote, Observation } from '../model-types';
import { sigmoid } from './logistic';

interface RuleState {
  slope: number;
  intercept: number;
  seen: number;
}

/**
 * One of the loop's transparent rules (momentum or mean reversion) as a model: P(up) = σ(a·score + c),
 * a and c calibrated online by SGD. It starts at a = 1, c = 0 (trust the rule's sign); if the rule's
 * score stops predicting, a shrinks toward 0 and the model says "no view".
 */
export class RuleModel implements Learner {
  private state: RuleState = { slope: 1, intercept: 0, seen: 0 };

  constructor(
    readonly name: 'momentum' | 'mean_reversion',
    private readonly learningRate = 0.02,
  ) {}

  get description(): string {
    return this.name === 'momentum'
      ? 'Momentum rule (20-bar relative rate of change), calibrated online'
      : 'Mean-reversion rule (20-bar z-score), calibrated online';
  }

  private score(observation: Observation): number {
    return this.name === 'momentum' ? observation.momentumScore : observation.meanReversionScore;
  }

  predict(observation: Observation): ModelVote {
    const score = this.score(observation);
    const probability = sigmoid(this.state.slope * score + this.state.intercept);
    return { probability, reasons: [`${this.name.replace('_', ' ')} score ${score.toFixed(2)}`] };
  }

  probability(observation: Observation): number {
    return sigmoid(this.state.slope * this.score(observation) + this.state.intercept);
  }

  update({ observation, up }: LabelledObservation): void {
    const score = this.score(observation);
    const error = sigmoid(this.state.slope * score + this.state.intercept) - up;
    this.state.slope -= this.learningRate * error * score;
    this.state.intercept -= this.learningRate * error;
    this.state.seen += 1;
  }

  snapshot(): RuleState {
    return { ...this.state };
  }

  restore(state: unknown): void {
    const s = state as RuleState;
    if (s && Number.isFinite(s.slope) && Number.isFinite(s.intercept)) this.state = { ...s };
  }
}
