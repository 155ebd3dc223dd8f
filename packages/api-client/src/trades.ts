import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { okEnvelope, type TradesQuery, tradesPageSchema } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { toQueryString } from './query-string';

export const tradesKeys = {
  all: ['trades'] as const,
  page: (query: Partial<TradesQuery>) => ['trades', 'recent', query] as const,
};

export const tradesQuery = (api: ApiClient, query: Partial<TradesQuery>) =>
  queryOptions({
    queryKey: tradesKeys.page(query),
    queryFn: ({ signal }) =>
      api
        .get(`/api/trades/recent${toQueryString(query)}`, okEnvelope(tradesPageSchema), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.trades,
    placeholderData: keepPreviousData,
  });

export const useTrades = (query: Partial<TradesQuery>) => useQuery(tradesQuery(useApiClient(), query));
