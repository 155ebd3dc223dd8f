import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityItemSchema, holdingSchema, okEnvelope } from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

export const portfolioKeys = {
  holdings: ['portfolio', 'holdings'] as const,
  activity: ['portfolio', 'activity'] as const,
};

export const holdingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: portfolioKeys.holdings,
    queryFn: ({ signal }) =>
      api.get('/api/portfolio/holdings', okEnvelope(z.array(holdingSchema)), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const activityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: portfolioKeys.activity,
    queryFn: ({ signal }) =>
      api
        .get('/api/portfolio/activity', okEnvelope(z.array(activityItemSchema)), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const useHoldings = () => useQuery(holdingsQuery(useApiClient()));
export const useActivity = () => useQuery(activityQuery(useApiClient()));
