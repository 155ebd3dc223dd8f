import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AllocationSaveRequest,
  aiRecommendationSchema,
  allocationSaveResponseSchema,
  allocationSettingsSchema,
  type DailyAmountRequest,
  dailyAmountResponseSchema,
  okEnvelope,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

export const allocationKeys = {
  all: ['allocation'] as const,
  settings: ['allocation', 'settings'] as const,
  dailyAmount: ['allocation', 'daily-amount'] as const,
  aiRecommendation: ['allocation', 'ai-recommendation'] as const,
};

/** spec part 1 §7: GET /api/allocation/settings (success, data, error). */
export const allocationSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: allocationKeys.settings,
    queryFn: ({ signal }) =>
      api
        .get('/api/allocation/settings', okEnvelope(allocationSettingsSchema), { signal })
        .then((r) => r.data),
  });

/** spec part 1 §3 "Daily amount response": today's amount and each strategy's percent and rupees (no data envelope). */
export const dailyAmountQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: allocationKeys.dailyAmount,
    queryFn: ({ signal }) => api.get('/api/allocation/daily-amount', dailyAmountResponseSchema, { signal }),
  });

/** spec part 1 §3 "AI allocation recommendation", computed by the server from measured inputs (no data envelope). */
export const aiRecommendationQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: allocationKeys.aiRecommendation,
    queryFn: ({ signal }) => api.get('/api/allocation/ai-recommendation', aiRecommendationSchema, { signal }),
  });

export const useAllocationSettings = () => useQuery(allocationSettingsQuery(useApiClient()));
export const useDailyAmount = () => useQuery(dailyAmountQuery(useApiClient()));
export const useAiRecommendation = () => useQuery(aiRecommendationQuery(useApiClient()));

/** Any allocation change moves every allocation figure (and the loop's budget): ask for all again. */
function useInvalidateAllocation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: allocationKeys.all });
}

/** spec part 1 §7: POST /api/allocation/save with the full settings object. Mutations never retry. */
export function useSaveAllocation() {
  const api = useApiClient();
  const invalidate = useInvalidateAllocation();
  return useMutation({
    mutationFn: (settings: AllocationSaveRequest) =>
      api.post('/api/allocation/save', allocationSaveResponseSchema, settings),
    onSuccess: invalidate,
  });
}

/** spec part 1 §5: the daily amount, posted on blur of its input. */
export function useSetDailyAmount() {
  const api = useApiClient();
  const invalidate = useInvalidateAllocation();
  return useMutation({
    mutationFn: (body: DailyAmountRequest) =>
      api.post('/api/allocation/daily-amount', dailyAmountResponseSchema, body),
    onSuccess: invalidate,
  });
}
