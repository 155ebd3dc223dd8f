import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS, PREFETCH_FRESH_MS } from './polling';
import { shellKeys } from './shell-keys';

/** The reply schema comes with the first call: zod-free here, for the shell's route outlet. */
const tradingModeReply = () => import('./shell-replies').then((r) => r.tradingModeReply);

export const tradingModeQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.tradingMode,
    queryFn: ({ signal }) => api.get('/api/trading/mode', tradingModeReply, { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.tradingMode,
    staleTime: PREFETCH_FRESH_MS,
  });

export const useTradingMode = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tradingModeQuery(useApiClient()), enabled });
