import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TradesExportQueryInput, TradesPage, TradesQueryInput } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { toQueryString } from './query-string';

/** The reply schemas come with the first call (trades-replies.ts). */
const replies = () => import('./trades-replies');

export const tradesKeys = {
  all: ['trades'] as const,
  page: (query: TradesQueryInput) => ['trades', 'recent', query] as const,
};

export const fetchTrades = (
  api: ApiClient,
  query: TradesQueryInput,
  signal?: AbortSignal,
): Promise<TradesPage> =>
  api
    .get(`/api/trades/recent${toQueryString(query)}`, () => replies().then((r) => r.tradesPageReply), {
      signal,
    })
    .then((r) => r.data);

export const tradesQuery = (api: ApiClient, query: TradesQueryInput) =>
  queryOptions({
    queryKey: tradesKeys.page(query),
    queryFn: ({ signal }) => fetchTrades(api, query, signal),
    refetchInterval: POLL_INTERVALS.trades,
    // The last page stays on screen while the next filter's page loads.
    placeholderData: keepPreviousData,
  });

export const useTrades = (query: TradesQueryInput) => useQuery(tradesQuery(useApiClient(), query));

/** The CSV of every trade matching the filters (no paging), as a file for the browser to save. */
export const fetchTradesExport = (api: ApiClient, query: TradesExportQueryInput) =>
  api.getBlob(`/api/trades/export${toQueryString(query)}`, { timeoutMs: 60_000 });

export const useTradesExport = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: (query: TradesExportQueryInput) => fetchTradesExport(api, query) });
};
