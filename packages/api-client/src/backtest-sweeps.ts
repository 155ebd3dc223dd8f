import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BacktestSweep, BacktestSweepList, BacktestSweepRequest } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The reply schemas come with the first call (backtest-sweeps-replies.ts). */
const replies = () => import('./backtest-sweeps-replies');

export const backtestSweepKeys = {
  all: ['backtest-sweeps'] as const,
  list: ['backtest-sweeps', 'list'] as const,
  sweep: (id: string) => ['backtest-sweeps', 'sweep', id] as const,
};

/** Polls only while the sweep is running (as a backtest run is): a finished sweep never changes again. */
const whileRunning = (sweep: BacktestSweep | undefined) =>
  sweep?.status === 'running' ? POLL_INTERVALS.backtestRunning : false;

/**
 * The list is polled while any sweep in it is running: one may be running while an older one is
 * shown, or on another server, and the form stays disabled until the list says it has ended.
 */
export const backtestSweepsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: backtestSweepKeys.list,
    queryFn: ({ signal }): Promise<BacktestSweepList> =>
      api
        .get('/api/backtests/sweeps', () => replies().then((r) => r.backtestSweepListReply), { signal })
        .then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data?.sweeps.some((sweep) => sweep.status === 'running')
        ? POLL_INTERVALS.backtestRunning
        : false,
  });

export const backtestSweepQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: backtestSweepKeys.sweep(id),
    queryFn: ({ signal }): Promise<BacktestSweep> =>
      api
        .get(
          `/api/backtests/sweeps/${encodeURIComponent(id)}`,
          () => replies().then((r) => r.backtestSweepReply),
          {
            signal,
          },
        )
        .then((r) => r.data),
    refetchInterval: (query) => whileRunning(query.state.data),
  });

export const useBacktestSweeps = () => useQuery(backtestSweepsQuery(useApiClient()));

/** One sweep with its table; null asks for nothing. */
export function useBacktestSweep(id: string | null) {
  const api = useApiClient();
  return useQuery({ ...backtestSweepQuery(api, id ?? ''), enabled: id !== null });
}

/** POST /api/backtests/sweeps (202): the sweep starts and is shown at once, running. */
export function useStartBacktestSweep() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BacktestSweepRequest): Promise<BacktestSweep> =>
      api
        .post('/api/backtests/sweeps', () => replies().then((r) => r.backtestSweepReply), request)
        .then((r) => r.data),
    onSuccess: (sweep) => {
      queryClient.setQueryData(backtestSweepKeys.sweep(sweep.id), sweep);
      return queryClient.invalidateQueries({ queryKey: backtestSweepKeys.list });
    },
  });
}

/** POST /api/backtests/sweeps/:id/cancel: answers once the sweep has stopped, with no table kept. */
export function useCancelBacktestSweep() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<BacktestSweep> =>
      api
        .post(`/api/backtests/sweeps/${encodeURIComponent(id)}/cancel`, () =>
          replies().then((r) => r.backtestSweepReply),
        )
        .then((r) => r.data),
    onSuccess: (sweep) => {
      queryClient.setQueryData(backtestSweepKeys.sweep(sweep.id), sweep);
      return queryClient.invalidateQueries({ queryKey: backtestSweepKeys.list });
    },
  });
}
