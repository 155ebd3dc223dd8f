import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type EnhancementsStatus,
  type EnsembleStatus,
  type ExplainabilityStatus,
  enhancementsStatusResponseSchema,
  ensembleStatusResponseSchema,
  explainabilityStatusResponseSchema,
  type OnlineLearningStatus,
  onlineLearningStatusResponseSchema,
  type PredictionExplanation,
  predictionExplanationResponseSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The ML screen's ML Enhancements calls (spec part 2 §7), under ['ml', 'enhancements']. */
export const mlEnhancementKeys = {
  all: ['ml', 'enhancements'] as const,
  status: ['ml', 'enhancements', 'status'] as const,
  ensemble: ['ml', 'enhancements', 'ensemble'] as const,
  explainability: ['ml', 'enhancements', 'explainability'] as const,
  onlineLearning: ['ml', 'enhancements', 'online-learning'] as const,
  explanation: (symbol: string) => ['ml', 'enhancements', 'explanation', symbol] as const,
};

// spec part 2 §7: in parallel every 30 s; each call fails on its own.
export const enhancementsStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlEnhancementKeys.status,
    queryFn: ({ signal }): Promise<EnhancementsStatus> =>
      api
        .get('/api/ml/enhancements/status', enhancementsStatusResponseSchema, { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const ensembleStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlEnhancementKeys.ensemble,
    queryFn: ({ signal }): Promise<EnsembleStatus> =>
      api.get('/api/ml/ensemble/status', ensembleStatusResponseSchema, { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const explainabilityStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlEnhancementKeys.explainability,
    queryFn: ({ signal }): Promise<ExplainabilityStatus> =>
      api
        .get('/api/ml/explainability/status', explainabilityStatusResponseSchema, { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const onlineLearningStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mlEnhancementKeys.onlineLearning,
    queryFn: ({ signal }): Promise<OnlineLearningStatus> =>
      api
        .get('/api/ml/online-learning/status', onlineLearningStatusResponseSchema, { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

/** The reasons behind the newest prediction for one stock (exact additive contributions). */
export const predictionExplanationQuery = (api: ApiClient, symbol: string) =>
  queryOptions({
    queryKey: mlEnhancementKeys.explanation(symbol),
    queryFn: ({ signal }): Promise<PredictionExplanation> =>
      api
        .get(`/api/ml/explanations/${encodeURIComponent(symbol)}`, predictionExplanationResponseSchema, {
          signal,
        })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.mlStatus,
  });

export const useEnhancementsStatus = () => useQuery(enhancementsStatusQuery(useApiClient()));
export const useEnsembleStatus = () => useQuery(ensembleStatusQuery(useApiClient()));
export const useExplainabilityStatus = () => useQuery(explainabilityStatusQuery(useApiClient()));
export const useOnlineLearningStatus = () => useQuery(onlineLearningStatusQuery(useApiClient()));
export const usePredictionExplanation = (symbol: string) =>
  useQuery({ ...predictionExplanationQuery(useApiClient(), symbol), enabled: symbol.length > 0 });
