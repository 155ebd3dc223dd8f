import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlgoIdSetting, algoIdStateSchema, okEnvelope, orderRateSchema } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

export const orderRateKeys = {
  rate: ['orders', 'rate'] as const,
  algoId: ['settings', 'algo-id'] as const,
};

/** The live account's order rate against SEBI's and Upstox's limits; polled with the Tick Streaming screen. */
export const orderRateQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: orderRateKeys.rate,
    queryFn: ({ signal }) =>
      api.get('/api/orders/rate', okEnvelope(orderRateSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.tickStreaming,
  });

export const useOrderRate = () => useQuery(orderRateQuery(useApiClient()));

/** Settings → Connectivity: the algo identifier every live order carries. */
export const algoIdQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: orderRateKeys.algoId,
    queryFn: ({ signal }) =>
      api.get('/api/settings/algo-id', okEnvelope(algoIdStateSchema), { signal }).then((r) => r.data),
  });

export const useAlgoId = () => useQuery(algoIdQuery(useApiClient()));

export function useSaveAlgoId() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: AlgoIdSetting) =>
      api.post('/api/settings/algo-id', okEnvelope(algoIdStateSchema), setting).then((r) => r.data),
    onSuccess: (saved) => queryClient.setQueryData(orderRateKeys.algoId, saved),
  });
}
