import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PositionRiskList, RiskLimitsUpdate, RiskMetrics } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The reply schemas come with the first call (risk-replies.ts). */
const replies = () => import('./risk-replies');

/** Every risk call sits under ['risk'], so a stop, a resume or a limits change can ask for all of them again. */
export const riskKeys = {
  all: ['risk'] as const,
  metrics: ['risk', 'metrics'] as const,
  positions: ['risk', 'positions'] as const,
  limits: ['risk', 'limits'] as const,
  alerts: ['risk', 'alerts'] as const,
};

export const fetchRiskMetrics = (api: ApiClient, signal?: AbortSignal): Promise<RiskMetrics> =>
  api
    .get('/api/risk/metrics', () => replies().then((r) => r.riskMetricsReply), { signal })
    .then((r) => r.data);

export const fetchPositionRisk = (api: ApiClient, signal?: AbortSignal): Promise<PositionRiskList> =>
  api
    .get('/api/risk/positions', () => replies().then((r) => r.positionRiskReply), { signal })
    .then((r) => r.data);

// spec part 1 §7: the risk calls are polled every 30 s.
export const riskMetricsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: riskKeys.metrics,
    queryFn: ({ signal }) => fetchRiskMetrics(api, signal),
    refetchInterval: POLL_INTERVALS.risk,
  });

export const positionRiskQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: riskKeys.positions,
    queryFn: ({ signal }) => fetchPositionRisk(api, signal),
    refetchInterval: POLL_INTERVALS.risk,
  });

export const useRiskMetrics = () => useQuery(riskMetricsQuery(useApiClient()));
export const usePositionRisk = () => useQuery(positionRiskQuery(useApiClient()));

export const riskLimitsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: riskKeys.limits,
    queryFn: ({ signal }) =>
      api
        .get('/api/risk/limits', () => replies().then((r) => r.riskLimitsReply), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.risk,
  });

export const riskAlertsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: riskKeys.alerts,
    queryFn: ({ signal }) =>
      api
        .get('/api/risk/alerts', () => replies().then((r) => r.riskAlertsReply), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.risk,
  });

export const useRiskLimits = () => useQuery(riskLimitsQuery(useApiClient()));
export const useRiskAlerts = () => useQuery(riskAlertsQuery(useApiClient()));

/** Saves the position and loss limits; a refusal carries the server's sentence (errorMessage). */
export function useUpdateRiskLimits() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: RiskLimitsUpdate) =>
      api
        .post('/api/risk/limits', () => replies().then((r) => r.riskLimitsReply), limits)
        .then((r) => r.data),
    onSuccess: (limits) => {
      queryClient.setQueryData(riskKeys.limits, limits);
      return queryClient.invalidateQueries({ queryKey: riskKeys.all });
    },
  });
}

export function useAcknowledgeRiskAlert() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/risk/alerts/${encodeURIComponent(id)}/acknowledge`, () =>
        replies().then((r) => r.acknowledgedReply),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riskKeys.alerts }),
  });
}
