import { queryOptions, useQuery } from '@tanstack/react-query';
import { okEnvelope, researchAnalysisSchema } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

export const researchKeys = {
  analysis: ['research', 'analysis'] as const,
};

/**
 * spec part 1 §4 "Research loading": the screen's retry schedule (useRetrySchedule) does the
 * retrying, so the query itself never retries.
 */
export const researchAnalysisQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: researchKeys.analysis,
    queryFn: ({ signal }) =>
      api.get('/api/research/analysis', okEnvelope(researchAnalysisSchema), { signal }).then((r) => r.data),
    retry: false,
  });

export const useResearchAnalysis = () => useQuery(researchAnalysisQuery(useApiClient()));
