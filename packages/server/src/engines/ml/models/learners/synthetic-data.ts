// Synthetic datasets with a known answer, for the learners' tests and the bench.
import { SeededRandom } from '../../../market/simulator/seeded-random';
import { FEATURE_NAMES, PATTERN_BARS } from '../features';
import type { LabelledObservation, Observation } from '../model-types';

export function blankObservation(): Observation {
  return {
    x: new Array(FEATURE_NAMES.length).fill(0),
    pattern: new Array(PATTERN_BARS).fill(0),
    momentumScore: 0,
    meanReversionScore: 0,
    stockSentiment: null,
    sectorSentiment: null,
  };
}

/**
 * n examples whose features are noise, except what `plant` writes from the label: with
 * `signal` false the label is drawn independently of everything the learner sees.
 */
export function syntheticExamples(
  n: number,
  seed: number,
  plant: (observation: Observation, up: 0 | 1, random: SeededRandom) => void,
): LabelledObservation[] {
  const random = new SeededRandom(seed);
  const examples: LabelledObservation[] = [];
  for (let i = 0; i < n; i++) {
    const observation = blankObservation();
    observation.x = observation.x.map(() => random.normal());
    observation.pattern = observation.pattern.map(() => random.normal());
    observation.momentumScore = Math.tanh(random.normal());
    observation.meanReversionScore = Math.tanh(random.normal());
    observation.stockSentiment = Math.tanh(random.normal()) * 0.8;
    const up: 0 | 1 = random.next() < 0.5 ? 1 : 0;
    plant(observation, up, random);
    examples.push({ observation, up });
  }
  return examples;
}
