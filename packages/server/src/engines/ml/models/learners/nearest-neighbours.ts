import { PATTERN_BARS } from '../features';
import type { LabelledObservation, Learner, ModelVote, Observation } from '../model-types';
import { isFiniteArray } from './logistic';

interface MemoryState {
  /** `size` patterns of `dimensions` numbers each, one after another. */
  patterns: number[];
  outcomes: (0 | 1)[];
  size: number;
  /** Slot the next example overwrites once the memory is full. */
  next: number;
}

/**
 * A nearest-neighbour pattern matcher: remembers the shape of recent bars (z-scored one-minute
 * returns) before each resolved outcome, and predicts the share of the k most similar shapes that
 * rose, Laplace-smoothed ((ups + 1) / (k + 2)). The memory keeps the newest `capacity` examples.
 */
export class PatternNearestNeighbours implements Learner {
  readonly name = 'pattern_knn';
  readonly description = 'k-nearest-neighbour matcher on recent normalised bars';
  private patterns: Float64Array;
  private outcomes: Uint8Array;
  private size = 0;
  private next = 0;
  // Scratch space for the k best, reused across predictions.
  private readonly bestDistances: Float64Array;
  private readonly bestOutcomes: Uint8Array;
  private readonly query: Float64Array;

  constructor(
    private readonly k = 25,
    private readonly capacity = 600,
    private readonly dimensions = PATTERN_BARS,
  ) {
    this.patterns = new Float64Array(capacity * dimensions);
    this.outcomes = new Uint8Array(capacity);
    this.bestDistances = new Float64Array(k);
    this.bestOutcomes = new Uint8Array(k);
    this.query = new Float64Array(dimensions);
  }

  predict(observation: Observation): ModelVote {
    const ups = this.nearestUps(observation.pattern);
    if (ups === null)
      return { probability: 0.5, reasons: [`remembers ${this.size} patterns, needs ${this.k}`] };
    return {
      probability: (ups + 1) / (this.k + 2),
      reasons: [`${ups} of the ${this.k} most similar recent bar patterns rose`],
    };
  }

  probability(observation: Observation): number {
    const ups = this.nearestUps(observation.pattern);
    return ups === null ? 0.5 : (ups + 1) / (this.k + 2);
  }

  /** How many of the k nearest remembered patterns rose; null while fewer than k are remembered. */
  private nearestUps(pattern: readonly number[]): number | null {
    if (this.size < this.k) return null;
    const { k, dimensions, patterns, bestDistances, bestOutcomes, query } = this;
    for (let j = 0; j < dimensions; j++) query[j] = pattern[j] ?? 0;
    let found = 0;
    let worst = Number.POSITIVE_INFINITY;
    for (let i = 0, offset = 0; i < this.size; i++, offset += dimensions) {
      let distance = 0;
      for (let j = 0; j < dimensions; j++) {
        const d = query[j]! - patterns[offset + j]!;
        distance += d * d;
      }
      if (distance >= worst) continue;
      let at = found < k ? found++ : k - 1;
      while (at > 0 && bestDistances[at - 1]! > distance) {
        bestDistances[at] = bestDistances[at - 1]!;
        bestOutcomes[at] = bestOutcomes[at - 1]!;
        at--;
      }
      bestDistances[at] = distance;
      bestOutcomes[at] = this.outcomes[i]!;
      if (found === k) worst = bestDistances[k - 1]!;
    }
    let ups = 0;
    for (let i = 0; i < k; i++) ups += bestOutcomes[i]!;
    return ups;
  }

  update({ observation, up }: LabelledObservation): void {
    let slot = this.next;
    if (this.size < this.capacity) slot = this.size++;
    else this.next = (this.next + 1) % this.capacity;
    for (let j = 0; j < this.dimensions; j++)
      this.patterns[slot * this.dimensions + j] = observation.pattern[j] ?? 0;
    this.outcomes[slot] = up;
  }

  snapshot(): MemoryState {
    return {
      patterns: Array.from(this.patterns.subarray(0, this.size * this.dimensions)),
      outcomes: Array.from(this.outcomes.subarray(0, this.size)) as (0 | 1)[],
      size: this.size,
      next: this.next,
    };
  }

  restore(state: unknown): void {
    const s = state as MemoryState;
    if (!Array.isArray(s?.patterns) || !Array.isArray(s.outcomes) || !isFiniteArray(s.patterns)) return;
    const size = Math.min(this.capacity, s.outcomes.length, Math.floor(s.patterns.length / this.dimensions));
    this.patterns.fill(0);
    this.patterns.set(s.patterns.slice(0, size * this.dimensions));
    this.outcomes.fill(0);
    this.outcomes.set(s.outcomes.slice(0, size).map((y) => (y === 1 ? 1 : 0)));
    this.size = size;
    this.next = Number.isInteger(s.next) && s.next >= 0 && s.next < this.capacity ? s.next : 0;
  }
}
