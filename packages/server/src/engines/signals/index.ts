// Signal sources: the transparent rules and their weighted ensemble.
export {
  defaultEnsemble,
  ENSEMBLE_ACTION_SCORE,
  EnsembleSource,
  type WeightedSource,
} from './ensemble-source';
export {
  MEAN_REVERSION_PARAMETERS,
  type MeanReversionParameters,
  MeanReversionSource,
} from './mean-reversion-source';
export {
  ML_FULL_SCORE_EDGE,
  MlEnsembleSource,
  type MlPredictor,
  type MlView,
  mlEnsemble,
} from './ml-ensemble-source';
export { MOMENTUM_PARAMETERS, type MomentumParameters, MomentumSource } from './momentum-source';
export {
  type BarsWaited,
  rankInSteps,
  type Signal,
  type SignalDirection,
  type SignalSource,
  SYMBOLS_PER_STEP,
  type SymbolBars,
  signalWithReasons,
  waitingForBars,
} from './signal-types';
