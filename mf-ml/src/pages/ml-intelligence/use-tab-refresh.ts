import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

interface CallState {
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
  dataUpdatedAt: number;
}

/**
 * A tab's Refresh over its own calls (spec part 2 §2.6): asks every one of them again at once, and
 * says when the newest answer came and how many calls are answering.
 */
export function useTabRefresh(calls: readonly CallState[], keys: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } finally {
      setRefreshing(false);
    }
  };
  return {
    refresh,
    refreshing: refreshing || calls.some((call) => call.isFetching),
    updatedAt: Math.max(0, ...calls.map((call) => call.dataUpdatedAt)),
    connected: calls.filter((call) => call.isSuccess && !call.isError).length,
    total: calls.length,
  };
}
