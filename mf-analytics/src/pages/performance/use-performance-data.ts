import { useQueryClient } from '@tanstack/react-query';
import {
  type PerformanceQueryInput,
  performanceKeys,
  usePerformanceAnalytics,
  usePerformanceReturns,
} from '@td/api-client';
import { useCallback, useState } from 'react';

/**
 * Both performance calls for one period and filter (spec part 2 §7: asked together on open and on
 * Refresh), with a Refresh that asks again and the time of the last attempt the banner shows.
 */
export function usePerformanceData(query: PerformanceQueryInput) {
  const analytics = usePerformanceAnalytics(query);
  const returns = usePerformanceReturns(query);
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: performanceKeys.all });
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);

  const failed = analytics.isError ? analytics : returns.isError ? returns : null;
  const lastAttemptAt = Math.max(
    analytics.dataUpdatedAt,
    analytics.errorUpdatedAt,
    returns.dataUpdatedAt,
    returns.errorUpdatedAt,
  );
  return {
    analytics,
    returns,
    error: failed?.error ?? null,
    loading: analytics.isPending || returns.isPending,
    refresh,
    refreshing: refreshing || analytics.isFetching || returns.isFetching,
    lastAttempt: lastAttemptAt > 0 ? new Date(lastAttemptAt).toISOString() : null,
  };
}
