import type * as Port from '../../../core/ports/repositories/predictions';
import type { Observation } from './model-types';
import type { LearningCounters } from './online-learning';

export type {
  ModelRecord,
  PredictionCounts,
  Resolution,
  StoredExplanation,
} from '../../../core/ports/repositories/predictions';

/** The predictions repository as the model engine uses it: its observations, its learning counters. */
export type PredictionStore = Port.PredictionsRepository<Observation, LearningCounters>;
export type NewPrediction = Port.NewPrediction<Observation>;
export type StoredPrediction = Port.StoredPrediction<Observation>;
