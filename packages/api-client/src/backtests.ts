import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BacktestProgressFrame,
  BacktestRun,
  BacktestRunList,
  BacktestStartRequest,
} from '@td/contracts';
import { useCallback } from 'react';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

/** The reply schemas come with the first call (backtests-replies.ts). */
const replies = () => import('./backtests-replies');

export const backtestKeys = {
  all: ['backtests'] as const,
  list: ['backtests', 'list'] as const,
  run: (id: string) => ['backtests', 'run', id] as const,
};

/** Polls only while the run is running: a finished run never changes again. */
const whileRunning = (run: BacktestRun | undefined) =>
  run?.status === 'running' ? POLL_INTERVALS.backtestRunning : false;

/**
 * The list is polled while any run in it is running: a run another server left (or one not shown,
 * whose frames this screen may miss) ends only in the list, and the form waits on it.
 */
export const backtestRunsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: backtestKeys.list,
    queryFn: ({ signal }): Promise<BacktestRunList> =>
      api
        .get('/api/backtests', () => replies().then((r) => r.backtestRunListReply), { signal })
        .then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? POLL_INTERVALS.backtestRunning : false,
  });

export const backtestRunQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: backtestKeys.run(id),
    queryFn: ({ signal }): Promise<BacktestRun> =>
      api
        .get(`/api/backtests/${encodeURIComponent(id)}`, () => replies().then((r) => r.backtestRunReply), {
          signal,
        })
        .then((r) => r.data),
    refetchInterval: (query) => whileRunning(query.state.data),
  });

export const useBacktestRuns = () => useQuery(backtestRunsQuery(useApiClient()));

/** One run with its result; null asks for nothing. */
export function useBacktestRun(id: string | null) {
  const api = useApiClient();
  return useQuery({ ...backtestRunQuery(api, id ?? ''), enabled: id !== null });
}

/** POST /api/backtests (202): the run starts and is shown at once, running. */
export function useStartBacktest() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BacktestStartRequest): Promise<BacktestRun> =>
      api
        .post('/api/backtests', () => replies().then((r) => r.backtestRunReply), request)
        .then((r) => r.data),
    onSuccess: (run) => {
      queryClient.setQueryData(backtestKeys.run(run.id), run);
      return queryClient.invalidateQueries({ queryKey: backtestKeys.list });
    },
  });
}

/** POST /api/backtests/:id/cancel: answers once the run has stopped, with no result kept. */
export function useCancelBacktest() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<BacktestRun> =>
      api
        .post(`/api/backtests/${encodeURIComponent(id)}/cancel`, () =>
          replies().then((r) => r.backtestRunReply),
        )
        .then((r) => r.data),
    onSuccess: (run) => {
      queryClient.setQueryData(backtestKeys.run(run.id), run);
      return queryClient.invalidateQueries({ queryKey: backtestKeys.list });
    },
  });
}

/**
 * Takes a `backtests` stream frame into the run's cached answer, so the progress moves between polls;
 * a frame saying the run ended asks for the run (its result) and the list again.
 */
export function useBacktestFrameHandler() {
  const queryClient = useQueryClient();
  return useCallback(
    (frame: BacktestProgressFrame) => {
      queryClient.setQueryData<BacktestRun>(backtestKeys.run(frame.id), (run) =>
        run && run.status === 'running'
          ? {
              ...run,
              progress: { bars_done: frame.bars_done, total_bars: frame.bars_total, percent: frame.percent },
            }
          : run,
      );
      if (frame.status !== 'running') {
        void queryClient.invalidateQueries({ queryKey: backtestKeys.run(frame.id) });
        void queryClient.invalidateQueries({ queryKey: backtestKeys.list });
      }
    },
    [queryClient],
  );
}
