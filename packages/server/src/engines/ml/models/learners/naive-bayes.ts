import { FEATURE_NAMES } from '../features';
import type { LabelledObservation, Learner, ModelVote, Observation } from '../model-types';
import { isFiniteArray, sigmoid } from './logistic';

interface ClassStats {
  count: number;
  means: number[];
  /** Welford's sums of squared deviations. */
  squares: number[];
}

interface NaiveBayesState {
  down: ClassStats;
  up: ClassStats;
}

/** Variance floor: a feature that never moved within a class would otherwise give ±∞ log-likelihoods. */
const MIN_VARIANCE = 1e-3;

/**
 * Gaussian naive Bayes: each feature normal within each class, independent given the class; the
 * class counts and per-feature mean and variance update exactly with each example (Welford).
 */
export class GaussianNaiveBayes implements Learner {
  readonly name = 'naive_bayes';
  readonly description = 'Gaussian naive Bayes on all features';
  private state: NaiveBayesState;

  constructor(private readonly dimensions = FEATURE_NAMES.length) {
    this.state = { down: emptyStats(dimensions), up: emptyStats(dimensions) };
  }

  predict({ x }: Observation): ModelVote {
    const odds = this.logOdds(x);
    if (odds === null) return { probability: 0.5, reasons: ['too few examples of each class yet'] };
    const { strongest, part } = odds;
    const feature = FEATURE_NAMES[strongest] ?? `feature ${strongest}`;
    return {
      probability: sigmoid(odds.logOdds),
      reasons: [`${feature} is most telling (log-odds ${part >= 0 ? '+' : ''}${part.toFixed(2)})`],
    };
  }

  probability({ x }: Observation): number {
    const odds = this.logOdds(x);
    return odds === null ? 0.5 : sigmoid(odds.logOdds);
  }

  /** Laplace-smoothed prior log-odds plus each feature's log-likelihood ratio, and the largest of those. */
  private logOdds(x: readonly number[]): { logOdds: number; strongest: number; part: number } | null {
    const { up, down } = this.state;
    if (up.count < 2 || down.count < 2) return null;
    let logOdds = Math.log((up.count + 1) / (down.count + 1));
    let strongest = 0;
    let largest = 0;
    for (let j = 0; j < this.dimensions; j++) {
      const part = logDensity(x[j] ?? 0, up, j) - logDensity(x[j] ?? 0, down, j);
      logOdds += part;
      if (Math.abs(part) > Math.abs(largest)) {
        strongest = j;
        largest = part;
      }
    }
    return { logOdds, strongest, part: largest };
  }

  update({ observation, up }: LabelledObservation): void {
    const stats = up === 1 ? this.state.up : this.state.down;
    stats.count += 1;
    for (let j = 0; j < this.dimensions; j++) {
      const value = observation.x[j] ?? 0;
      const delta = value - stats.means[j]!;
      stats.means[j] = stats.means[j]! + delta / stats.count;
      stats.squares[j] = stats.squares[j]! + delta * (value - stats.means[j]!);
    }
  }

  snapshot(): NaiveBayesState {
    return { down: copyStats(this.state.down), up: copyStats(this.state.up) };
  }

  restore(state: unknown): void {
    const s = state as NaiveBayesState;
    if (!s?.up || !s.down || s.up.means.length !== this.dimensions) return;
    if (!isFiniteArray([...s.up.means, ...s.up.squares, ...s.down.means, ...s.down.squares])) return;
    this.state = { down: copyStats(s.down), up: copyStats(s.up) };
  }
}

function emptyStats(dimensions: number): ClassStats {
  return { count: 0, means: new Array(dimensions).fill(0), squares: new Array(dimensions).fill(0) };
}

function copyStats(stats: ClassStats): ClassStats {
  return { count: stats.count, means: [...stats.means], squares: [...stats.squares] };
}

function logDensity(value: number, stats: ClassStats, j: number): number {
  const variance = Math.max(MIN_VARIANCE, stats.squares[j]! / Math.max(1, stats.count - 1));
  return -0.5 * Math.log(2 * Math.PI * variance) - (value - stats.means[j]!) ** 2 / (2 * variance);
}
