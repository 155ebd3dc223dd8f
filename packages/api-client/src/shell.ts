import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EngineStatus,
  portfolioOverviewReply,
  TRADING_MODE_TEXT,
  type TradingMode,
  tradingModeChangeReply,
} from '@td/contracts';
import { useState } from 'react';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS, PREFETCH_FRESH_MS } from './polling';
import { shellKeys } from './shell-keys';
import { loadShellReplies } from './shell-replies-loader';
import { useTradingMode } from './trading-mode-query';

// The keys and the trading-mode query are zod-free modules: the shell's route outlet reads the mode
// on the sign-in page's first load (docs/decisions/0045).
export { shellKeys } from './shell-keys';
export { tradingModeQuery, useTradingMode } from './trading-mode-query';

/** The reply schemas come with the first call, so the shell's layout evaluates without zod (0046). */
const replies = loadShellReplies;

export const quickStatsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.quickStats,
    queryFn: ({ signal }) =>
      api
        .get('/api/quick-stats', () => replies().then((r) => r.quickStatsReply), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.quickStats,
  });

/** GET /api/engines/status: the shell's status and the dashboard's pipeline card both read it. */
export const fetchEngineStatus = (api: ApiClient, signal?: AbortSignal): Promise<EngineStatus> =>
  api
    .get('/api/engines/status', () => replies().then((r) => r.engineStatusReply), { signal })
    .then((r) => r.data);

export const engineStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.engineStatus,
    queryFn: ({ signal }) => fetchEngineStatus(api, signal),
    refetchInterval: POLL_INTERVALS.engineStatus,
  });

export const portfolioOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: shellKeys.portfolioOverview,
    queryFn: ({ signal }) => api.get('/api/portfolio/overview', portfolioOverviewReply, { signal }),
    refetchInterval: POLL_INTERVALS.portfolio,
    staleTime: PREFETCH_FRESH_MS,
  });

export const useQuickStats = () => useQuery(quickStatsQuery(useApiClient()));
export const useEngineStatus = () => useQuery(engineStatusQuery(useApiClient()));
export const usePortfolioOverview = () => useQuery(portfolioOverviewQuery(useApiClient()));

/** Changes the mode on the server; the cached mode and the portfolio follow only an ok reply. */
export function useChangeTradingMode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: TradingMode) =>
      api.post('/api/trading/mode', tradingModeChangeReply, { mode }).then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shellKeys.tradingMode });
      await queryClient.invalidateQueries({ queryKey: shellKeys.portfolioOverview });
    },
  });
}

export interface TradingModeSwitchOptions {
  /** Where the outcome is told: the host's toasts or a remote's notify. */
  notify(kind: 'success' | 'error', message: string): void;
  /** The sentence for a refused or failed change (each screen words it per its spec section). */
  failureMessage(error: unknown): string;
}

/**
 * spec part 1 §4 "Trading mode": paper needs no confirmation, live does; the switch waits while a
 * change is in flight and the mode follows only an ok reply. One flow for every switch on screen.
 */
export function useTradingModeSwitch({ notify, failureMessage }: TradingModeSwitchOptions) {
  const mode = useTradingMode();
  const change = useChangeTradingMode();
  const [confirming, setConfirming] = useState(false);
  const current = mode.data?.trading_mode;

  const switchTo = (target: TradingMode) =>
    change.mutate(target, {
      onSuccess: () =>
        notify(
          'success',
          target === 'live' ? TRADING_MODE_TEXT.realActivated : TRADING_MODE_TEXT.paperActivated,
        ),
      onError: (error) => notify('error', failureMessage(error)),
    });

  return {
    current,
    isLive: current === 'live',
    unavailable: mode.isError,
    busy: mode.isPending || change.isPending,
    confirming,
    /** The switch moved: to live asks first, to paper goes at once. */
    request: (live: boolean) => (live ? setConfirming(true) : switchTo('paper')),
    confirmLive: () => {
      setConfirming(false);
      switchTo('live');
    },
    cancel: () => setConfirming(false),
  };
}
