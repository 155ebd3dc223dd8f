import { queryOptions, useQuery } from '@tanstack/react-query';
import { okEnvelope, type ResearchAnalysis, researchAnalysisSchema } from '@td/contracts';
import type { ApiClient, RequestOptions } from './api-client';
import { useApiClient } from './api-client-context';

export const researchKeys = {
  analysis: ['research', 'analysis'] as const,
};

/** GET /api/research/analysis: the Research screen and the diagnostics' research check both read it. */
export const fetchResearchAnalysis = (api: ApiClient, options?: RequestOptions): Promise<ResearchAnalysis> =>
  api.get('/api/research/analysis', okEnvelope(researchAnalysisSchema), options).then((r) => r.data);

/**
 * spec part 1 §4 "Research loading": the screen's retry schedule (useRetrySchedule) does the
 * retrying, so the query itself never retries.
 */
export const researchAnalysisQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: researchKeys.analysis,
    queryFn: ({ signal }) => fetchResearchAnalysis(api, { signal }),
    retry: false,
  });

export const useResearchAnalysis = () => useQuery(researchAnalysisQuery(useApiClient()));
