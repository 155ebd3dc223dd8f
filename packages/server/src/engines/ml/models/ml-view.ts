import type { MlView } from '../../signals';
import type { EnsemblePrediction, ModelEnsemble } from './model-ensemble';

/** What the loop's signal reads of one prediction: P(up), confidence, and the leading models' reasons. */
export function mlViewOf(symbol: string, prediction: EnsemblePrediction, ensemble: ModelEnsemble): MlView {
  return {
    symbol,
    probability: prediction.vote.probability,
    confidence: prediction.vote.confidence,
    reasons: topReasons(
      prediction,
      ensemble.weights,
      ensemble.learners.map((l) => l.name),
    ).slice(0, 3),
  };
}

/** The strongest reasons of the heaviest models leaning the ensemble's way. */
function topReasons(
  prediction: EnsemblePrediction,
  weights: readonly number[],
  names: readonly string[],
): string[] {
  const up = prediction.vote.direction === 'UP';
  return prediction.votes
    .map((vote, i) => ({ vote, weight: weights[i]!, name: names[i]! }))
    .filter(({ vote }) => (up ? vote.probability > 0.5 : vote.probability < 0.5))
    .sort(
      (a, b) => b.weight * Math.abs(b.vote.probability - 0.5) - a.weight * Math.abs(a.vote.probability - 0.5),
    )
    .map(({ vote, name }) => `${name} ${(vote.probability * 100).toFixed(0)} %: ${vote.reasons[0] ?? ''}`);
}
