import { queryOptions, useQuery } from '@tanstack/react-query';
import { okEnvelope, type ScalingStatus, scalingStatusSchema } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

export const scalingKeys = { status: ['scaling', 'status'] as const };

export const fetchScalingStatus = (api: ApiClient, signal?: AbortSignal): Promise<ScalingStatus> =>
  api.get('/api/scaling-status', okEnvelope(scalingStatusSchema), { signal }).then((r) => r.data);

// spec part 2 §7: the production-scaling page asks once when it opens; no polling.
export const scalingStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: scalingKeys.status,
    queryFn: ({ signal }) => fetchScalingStatus(api, signal),
    staleTime: 0,
  });

export const useScalingStatus = () => useQuery(scalingStatusQuery(useApiClient()));
