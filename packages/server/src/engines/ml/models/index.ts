// The ML model engine (issue 15 items 2–4): features, six learners, Hedge weights, predictions
// resolved against prices, online learning with rollback, exact explanations.
import { ModelEngine, type ModelEngineDependencies } from './model-engine';

export { FEATURE_NAMES, HORIZON_MINUTES } from './features';
export { HEDGE_ETA, hedgeUpdate } from './hedge';
export { ModelEngine, type ModelEngineDependencies, priceAtHorizon } from './model-engine';
export { ModelEnsemble } from './model-ensemble';
export { MODEL_NAMES } from './model-types';

export function createModelEngine(deps: ModelEngineDependencies): ModelEngine {
  return new ModelEngine(deps);
}
