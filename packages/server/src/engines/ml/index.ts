// The ML service (issue 15): news & sentiment (./news), the model engine (./models), insight (./insight).

export type {
  ModelEngineApi,
  NewsPipeline as NewsPipelineApi,
  SentimentReader,
  SentimentReading,
} from './ml-seams';
export { createMlService, type MlService } from './ml-service';
export type { InsightApi, MlServiceDependencies } from './ml-types';
