import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradingModeReply } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { shellKeys } from './shell-keys';

/** Read without zod: the shell's route outlet asks for the mode on every screen it opens (0045, 0046). */
export const tradingModeQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.tradingMode,
    queryFn: ({ signal }) => api.get('/api/trading/mode', tradingModeReply, { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.tradingMode,
    // No fresh time, unlike the prefetched figures: whether live trading is on, and until when, is asked
    // again by every screen that opens (Connectivity right after an Upstox sign-in must not show the
    // mode from before it). The prefetched answer still shows while that call runs.
  });

export const useTradingMode = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tradingModeQuery(useApiClient()), enabled });
