import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import { shellKeys } from './shell-keys';
import { loadShellReplies } from './shell-replies-loader';

/** The reply schema comes with the first call: zod-free here, for the shell's route outlet (0045). */
const tradingModeReply = () => loadShellReplies().then((r) => r.tradingModeReply);

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
