import type { Candle } from '../../market/market-types';
import type { ModelEnsemble, ResolvedExample } from './model-ensemble';
import type { PredictionStore, Resolution, StoredPrediction } from './prediction-store';

/** A prediction with no bar after it this long past its horizon cannot be resolved: it expires uncounted. */
const EXPIRE_AFTER_MS = 6 * 3_600_000;

/**
 * Resolves the predictions whose horizon has passed against the bar at the horizon, lets the ensemble
 * learn from them and saves the models; a prediction with no bar long after its horizon expires uncounted.
 */
export function resolveDuePredictions(input: {
  store: Pick<PredictionStore, 'due' | 'resolve' | 'saveModels'>;
  ensemble: ModelEnsemble;
  minuteBars(symbol: string): readonly Candle[];
  now: number;
}): { resolved: number; expired: number } {
  const { store, ensemble, now } = input;
  const due = store.due(now);
  if (due.length === 0) return { resolved: 0, expired: 0 };
  const resolutions: Resolution[] = [];
  const batch: ResolvedExample[] = [];
  for (const prediction of due) {
    const price = priceAtHorizon(input.minuteBars(prediction.symbol), prediction);
    if (price === null) {
      if (now - prediction.dueAt > EXPIRE_AFTER_MS) {
        resolutions.push({ id: prediction.id, at: now, pricePaise: null, up: null, correct: null });
      }
      continue;
    }
    const up: 0 | 1 = price > prediction.pricePaise ? 1 : 0;
    resolutions.push({
      id: prediction.id,
      at: now,
      pricePaise: price,
      up,
      correct: (prediction.direction === 'UP') === (up === 1),
    });
    batch.push({
      ...toExample({ ...prediction, outcomeUp: up }),
      probabilities: ensemble.learners.map(
        (learner) => prediction.votes[learner.name]?.probability ?? Number.NaN,
      ),
    });
  }
  store.resolve(resolutions);
  if (batch.length > 0) {
    ensemble.learn(batch, now);
    store.saveModels(ensemble.toRecords(), ensemble.learning.counters, ensemble.rebalances, now);
  }
  return { resolved: batch.length, expired: resolutions.length - batch.length };
}

/**
 * The close of the last bar ending by the horizon, provided a bar ended after the prediction was made;
 * null when no such bar exists yet (the price has not moved on since).
 */
export function priceAtHorizon(
  bars: readonly Candle[],
  prediction: Pick<StoredPrediction, 'madeAt' | 'dueAt'>,
): number | null {
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i]!;
    const end = bar.openTime + 60_000;
    if (end > prediction.dueAt) continue;
    return end > prediction.madeAt ? bar.close : null;
  }
  return null;
}

export function toExample(prediction: Pick<StoredPrediction, 'observation' | 'outcomeUp'>) {
  return { observation: prediction.observation, up: (prediction.outcomeUp ?? 0) as 0 | 1 };
}
