import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okEnvelope,
  type PaperLimitsContract,
  paperBalanceResponseSchema,
  paperLimitsResponseSchema,
  paperLimitsSchema,
  paperOverviewSchema,
  paperResetResponseSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { portfolioKeys } from './portfolio';
import { shellKeys } from './shell';
import { tradesKeys } from './trades';

export const paperKeys = {
  overview: ['trading', 'paper', 'overview'] as const,
  limits: ['trading', 'paper', 'limits'] as const,
};

export const paperOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: paperKeys.overview,
    queryFn: ({ signal }) =>
      api.get('/api/trading/paper/overview', okEnvelope(paperOverviewSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.paper,
  });

export const paperLimitsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: paperKeys.limits,
    queryFn: ({ signal }) =>
      api.get('/api/trading/paper-limits', okEnvelope(paperLimitsSchema), { signal }).then((r) => r.data),
  });

export const usePaperOverview = () => useQuery(paperOverviewQuery(useApiClient()));
export const usePaperLimits = () => useQuery(paperLimitsQuery(useApiClient()));

/** After anything changes the paper account, every figure derived from it is asked for again. */
function useInvalidateAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        paperKeys.overview,
        paperKeys.limits,
        portfolioKeys.holdings,
        portfolioKeys.activity,
        tradesKeys.all,
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
