import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type HistoryCoverageEntry,
  type HistoryFetchRequest,
  type HistoryFetchResult,
  type HistoryImportRefusal,
  type HistoryImportRequest,
  type HistoryImportResult,
  historyImportRefusalSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { isApiError } from './api-error';

/** The reply schemas come with the first call (history-replies.ts). */
const replies = () => import('./history-replies');

export const historyKeys = {
  coverage: ['history', 'coverage'] as const,
};

export const fetchHistoryCoverage = (api: ApiClient, signal?: AbortSignal): Promise<HistoryCoverageEntry[]> =>
  api
    .get('/api/history/coverage', () => replies().then((r) => r.historyCoverageReply), { signal })
    .then((r) => r.data);

// Not polled: the stored bars change only on an import or a fetch, which invalidate this.
export const historyCoverageQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: historyKeys.coverage,
    queryFn: ({ signal }) => fetchHistoryCoverage(api, signal),
  });

export const useHistoryCoverage = () => useQuery(historyCoverageQuery(useApiClient()));

/** An 8 MiB file is read and written in slices on the server: more than the usual 10 s may pass. */
const IMPORT_TIMEOUT_MS = 60_000;

/** POST /api/history/import (docs/history-import.md): the file's text; a refusal stores nothing. */
export function useImportHistory() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HistoryImportRequest): Promise<HistoryImportResult> =>
      api
        .post('/api/history/import', () => replies().then((r) => r.historyImportReply), request, {
          timeoutMs: IMPORT_TIMEOUT_MS,
        })
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.coverage }),
  });
}

/** Months of one-minute bars for twenty symbols are paced under Upstox's limits: minutes may pass. */
const FETCH_TIMEOUT_MS = 10 * 60_000;

/** POST /api/history/fetch (docs/history-import.md): Upstox's bars stored per symbol; a refusal says why. */
export function useFetchHistory() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HistoryFetchRequest): Promise<HistoryFetchResult> =>
      api
        .post('/api/history/fetch', () => replies().then((r) => r.historyFetchReply), request, {
          timeoutMs: FETCH_TIMEOUT_MS,
        })
        .then((r) => r.data),
    // A fetch cut short (429, a rejected token) may still have stored the symbols before it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.coverage }),
  });
}

/** The refused lines of a 422 from the import, checked against the contract; null for any other error. */
export function historyImportRefusal(error: unknown): HistoryImportRefusal | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const parsed = historyImportRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
