import { useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  riskKeys,
  usePositionRisk,
  useRiskAlerts,
  useRiskLimits,
  useRiskMetrics,
} from '@td/api-client';
import { useCallback, useState } from 'react';
import { FAILED_ALERTS, FAILED_LIMITS, FAILED_METRICS, FAILED_POSITIONS } from './risk-messages';

/** One call's failure, in the spec's words and the server's. */
export interface RiskCallFailure {
  title: string;
  detail: string;
}

/**
 * The four risk calls (spec part 1 §7: polled every 30 s). A failed refetch keeps the last good
 * figures and the time they were fetched, so the screen shows them with their age, never invented ones.
 */
export function useRiskData() {
  const metrics = useRiskMetrics();
  const positions = usePositionRisk();
  const limits = useRiskLimits();
  const alerts = useRiskAlerts();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: riskKeys.all });
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);

  const failures: RiskCallFailure[] = (
    [
      [metrics, FAILED_METRICS],
      [positions, FAILED_POSITIONS],
      [limits, FAILED_LIMITS],
      [alerts, FAILED_ALERTS],
    ] as const
  )
    .filter(([query]) => query.isError)
    .map(([query, title]) => ({ title, detail: errorMessage(query.error, '') }));

  // Figures a failed call still shows are its last good ones; the oldest of them gives the age shown.
  const staleTimes = [metrics, positions, limits, alerts]
    .filter((query) => query.isError && query.data !== undefined)
    .map((query) => query.dataUpdatedAt);
  return {
    metrics,
    positions,
    limits,
    alerts,
    failures,
    offline: failures.length > 0,
    hasCachedFigures: staleTimes.length > 0,
    lastGoodAt: staleTimes.length ? Math.min(...staleTimes) : null,
    refresh,
    refreshing:
      refreshing || metrics.isFetching || positions.isFetching || limits.isFetching || alerts.isFetching,
  };
}
export type RiskData = ReturnType<typeof useRiskData>;
