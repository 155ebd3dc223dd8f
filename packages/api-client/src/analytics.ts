import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  okEnvelope,
  type PerformanceAnalytics,
  type PerformancePeriod,
  type PerformanceReturns,
  performanceAnalyticsSchema,
  performanceReturnsSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { toQueryString } from './query-string';

/** What the performance screen asks for: the period and the Filter's strategy and symbol. */
export interface PerformanceQueryInput {
  period?: PerformancePeriod;
  strategy?: string;
  symbol?: string;
}

/** Every field is in the key, so each period and filter has its own cache entry. */
const keyPart = (query: PerformanceQueryInput) => ({
  period: query.period ?? 'all',
  strategy: query.strategy ?? null,
  symbol: query.symbol ?? null,
});

export const performanceKeys = {
  all: ['performance'] as const,
  analytics: (query: PerformanceQueryInput) => ['performance', 'analytics', keyPart(query)] as const,
  returns: (query: PerformanceQueryInput) => ['performance', 'returns', keyPart(query)] as const,
};

const queryText = (query: PerformanceQueryInput) =>
  toQueryString({ period: query.period, strategy: query.strategy, symbol: query.symbol });

export const fetchPerformanceAnalytics = (
  api: ApiClient,
  query: PerformanceQueryInput,
  signal?: AbortSignal,
): Promise<PerformanceAnalytics> =>
  api
    .get(`/api/performance/analytics${queryText(query)}`, okEnvelope(performanceAnalyticsSchema), { signal })
    .then((r) => r.data);

export const fetchPerformanceReturns = (
  api: ApiClient,
  query: PerformanceQueryInput,
  signal?: AbortSignal,
): Promise<PerformanceReturns> =>
  api
    .get(`/api/performance/returns${queryText(query)}`, okEnvelope(performanceReturnsSchema), { signal })
    .then((r) => r.data);

// spec part 2 §8: both are asked on open and on Refresh (no polling); Refresh invalidates performanceKeys.all.
export const performanceAnalyticsQuery = (api: ApiClient, query: PerformanceQueryInput) =>
  queryOptions({
    queryKey: performanceKeys.analytics(query),
    queryFn: ({ signal }) => fetchPerformanceAnalytics(api, query, signal),
    // The last period's figures stay on screen while the next period's load.
    placeholderData: keepPreviousData,
  });

export const performanceReturnsQuery = (api: ApiClient, query: PerformanceQueryInput) =>
  queryOptions({
    queryKey: performanceKeys.returns(query),
    queryFn: ({ signal }) => fetchPerformanceReturns(api, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePerformanceAnalytics = (query: PerformanceQueryInput) =>
  useQuery(performanceAnalyticsQuery(useApiClient(), query));
export const usePerformanceReturns = (query: PerformanceQueryInput) =>
  useQuery(performanceReturnsQuery(useApiClient(), query));
