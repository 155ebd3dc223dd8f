import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketOverviewReply } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS, PREFETCH_FRESH_MS } from './polling';
import { toQueryString } from './query-string';

/** The candles' reply schema comes with the first call: the dashboard evaluates without zod. */
const replies = () => import('./market-replies');

export const marketKeys = {
  overview: ['market', 'overview'] as const,
  candles: (symbol: string, interval: '1m' | '1d') => ['market', 'candles', symbol, interval] as const,
};

export const marketOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: marketKeys.overview,
    queryFn: ({ signal }) =>
      // Checked without zod: the market status is one of the figures the first paint waits on (0046).
      api.get('/api/market/overview', marketOverviewReply, { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.marketOverview,
    staleTime: PREFETCH_FRESH_MS,
  });

export const candlesQuery = (api: ApiClient, symbol: string, interval: '1m' | '1d' = '1m') =>
  queryOptions({
    queryKey: marketKeys.candles(symbol, interval),
    queryFn: ({ signal }) =>
      api
        .get(
          `/api/market/candles/${encodeURIComponent(symbol)}${toQueryString({ interval })}`,
          () => replies().then((r) => r.candlesReply),
          { signal },
        )
        .then((r) => r.data),
  });

export const useMarketOverview = () => useQuery(marketOverviewQuery(useApiClient()));
export const useCandles = (symbol: string | null, interval: '1m' | '1d' = '1m') =>
  useQuery({ ...candlesQuery(useApiClient(), symbol ?? '', interval), enabled: symbol !== null });
