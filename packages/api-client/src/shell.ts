import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  engineStatusSchema,
  okEnvelope,
  portfolioOverviewResponseSchema,
  quickStatsSchema,
  type TradingMode,
  tradingModeChangeSchema,
  tradingModeStateSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

export const shellKeys = {
  quickStats: ['quick-stats'] as const,
  engineStatus: ['engines', 'status'] as const,
  portfolioOverview: ['portfolio', 'overview'] as const,
  tradingMode: ['trading', 'mode'] as const,
};

export const quickStatsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.quickStats,
    queryFn: ({ signal }) =>
      api.get('/api/quick-stats', okEnvelope(quickStatsSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.quickStats,
  });

export const engineStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.engineStatus,
    queryFn: ({ signal }) =>
      api.get('/api/engines/status', okEnvelope(engineStatusSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.engineStatus,
  });

export const portfolioOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.portfolioOverview,
    queryFn: ({ signal }) => api.get('/api/portfolio/overview', portfolioOverviewResponseSchema, { signal }),
    refetchInterval: POLL_INTERVALS.portfolio,
  });

export const tradingModeQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.tradingMode,
    queryFn: ({ signal }) =>
      api.get('/api/trading/mode', okEnvelope(tradingModeStateSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.tradingMode,
  });

export const useQuickStats = () => useQuery(quickStatsQuery(useApiClient()));
export const useEngineStatus = () => useQuery(engineStatusQuery(useApiClient()));
export const usePortfolioOverview = () => useQuery(portfolioOverviewQuery(useApiClient()));
export const useTradingMode = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tradingModeQuery(useApiClient()), enabled });

/** Changes the mode on the server; the cached mode and the portfolio follow only an ok reply. */
export function useChangeTradingMode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: TradingMode) =>
      api.post('/api/trading/mode', okEnvelope(tradingModeChangeSchema), { mode }).then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shellKeys.tradingMode });
      await queryClient.invalidateQueries({ queryKey: shellKeys.portfolioOverview });
    },
  });
}
