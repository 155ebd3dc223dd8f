import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityItemSchema,
  candlesResponseSchema,
  holdingSchema,
  marketOverviewSchema,
  okEnvelope,
  type PaperLimitsContract,
  paperBalanceResponseSchema,
  paperLimitsResponseSchema,
  paperLimitsSchema,
  paperOverviewSchema,
  paperResetResponseSchema,
  type TradesQuery,
  tradesPageSchema,
} from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { shellKeys } from './shell';

export const tradingKeys = {
  marketOverview: ['market', 'overview'] as const,
  holdings: ['portfolio', 'holdings'] as const,
  activity: ['portfolio', 'activity'] as const,
  trades: (query: Partial<TradesQuery>) => ['trades', 'recent', query] as const,
  tradesAll: ['trades'] as const,
  paperOverview: ['trading', 'paper', 'overview'] as const,
  paperLimits: ['trading', 'paper', 'limits'] as const,
  candles: (symbol: string, interval: '1m' | '1d') => ['market', 'candles', symbol, interval] as const,
};

/** Query string from the defined values only, so the server applies its own defaults for the rest. */
export function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const marketOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: tradingKeys.marketOverview,
    queryFn: ({ signal }) =>
      api.get('/api/market/overview', okEnvelope(marketOverviewSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.marketOverview,
  });

export const holdingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: tradingKeys.holdings,
    queryFn: ({ signal }) =>
      api.get('/api/portfolio/holdings', okEnvelope(z.array(holdingSchema)), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const activityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: tradingKeys.activity,
    queryFn: ({ signal }) =>
      api
        .get('/api/portfolio/activity', okEnvelope(z.array(activityItemSchema)), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const tradesQuery = (api: ApiClient, query: Partial<TradesQuery>) =>
  queryOptions({
    queryKey: tradingKeys.trades(query),
    queryFn: ({ signal }) =>
      api
        .get(`/api/trades/recent${toQueryString(query)}`, okEnvelope(tradesPageSchema), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.trades,
    placeholderData: keepPreviousData,
  });

export const paperOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: tradingKeys.paperOverview,
    queryFn: ({ signal }) =>
      api.get('/api/trading/paper/overview', okEnvelope(paperOverviewSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.paper,
  });

export const paperLimitsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: tradingKeys.paperLimits,
    queryFn: ({ signal }) =>
      api.get('/api/trading/paper-limits', okEnvelope(paperLimitsSchema), { signal }).then((r) => r.data),
  });

export const candlesQuery = (api: ApiClient, symbol: string, interval: '1m' | '1d' = '1m') =>
  queryOptions({
    queryKey: tradingKeys.candles(symbol, interval),
    queryFn: ({ signal }) =>
      api
        .get(
          `/api/market/candles/${encodeURIComponent(symbol)}${toQueryString({ interval })}`,
          okEnvelope(candlesResponseSchema),
          { signal },
        )
        .then((r) => r.data),
  });

export const useMarketOverview = () => useQuery(marketOverviewQuery(useApiClient()));
export const useHoldings = () => useQuery(holdingsQuery(useApiClient()));
export const useActivity = () => useQuery(activityQuery(useApiClient()));
export const useTrades = (query: Partial<TradesQuery>) => useQuery(tradesQuery(useApiClient(), query));
export const usePaperOverview = () => useQuery(paperOverviewQuery(useApiClient()));
export const usePaperLimits = () => useQuery(paperLimitsQuery(useApiClient()));
export const useCandles = (symbol: string | null, interval: '1m' | '1d' = '1m') =>
  useQuery({ ...candlesQuery(useApiClient(), symbol ?? '', interval), enabled: symbol !== null });

/** After anything changes the paper account, every figure derived from it is asked for again. */
function useInvalidateAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        tradingKeys.paperOverview,
        tradingKeys.paperLimits,
        tradingKeys.holdings,
        tradingKeys.activity,
        tradingKeys.tradesAll,
        shellKeys.portfolioOverview,
        shellKeys.quickStats,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useUpdatePaperLimits() {
  const api = useApiClient();
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (limits: PaperLimitsContract) =>
      api.post('/api/trading/paper-limits', paperLimitsResponseSchema, limits),
    onSuccess: invalidate,
  });
}

export function useResetPaperAccount() {
  const api = useApiClient();
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: () => api.post('/api/trading/paper-reset', paperResetResponseSchema, { balance: 1_000_000 }),
    onSuccess: invalidate,
  });
}

export function useSetPaperBalance() {
  const api = useApiClient();
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: (balance: number) =>
      api.post('/api/trading/paper/balance', paperBalanceResponseSchema, { balance }),
    onSuccess: invalidate,
  });
}
