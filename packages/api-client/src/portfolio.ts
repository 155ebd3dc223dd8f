import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The reply schemas come with the first call (portfolio-replies.ts). */
const replies = () => import('./portfolio-replies');

export const portfolioKeys = {
  holdings: ['portfolio', 'holdings'] as const,
  activity: ['portfolio', 'activity'] as const,
};

export const holdingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: portfolioKeys.holdings,
    queryFn: ({ signal }) =>
      api
        .get('/api/portfolio/holdings', () => replies().then((r) => r.holdingsReply), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const activityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: portfolioKeys.activity,
    queryFn: ({ signal }) =>
      api
        .get('/api/portfolio/activity', () => replies().then((r) => r.activityReply), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const useHoldings = () => useQuery(holdingsQuery(useApiClient()));
export const useActivity = () => useQuery(activityQuery(useApiClient()));
