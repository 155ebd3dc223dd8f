// The ML service (issue 15): news & sentiment (./news), the model engine (./models), insight (./insight).
export { createMlService, type MlService } from './ml-service';
export type {
  InsightApi,
  MlServiceDependencies,
  ModelEngineApi,
  NewsPipeline as NewsPipelineApi,
  SentimentReader,
  SentimentReading,
} from './ml-types';
