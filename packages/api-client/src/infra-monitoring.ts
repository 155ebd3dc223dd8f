import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  autoScalingStatusSchema,
  okEnvelope,
  type TickStreamingDashboard,
  tickStreamingDashboardSchema,
} from '@td/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';
import type { SubscribeToTopic } from './safety';

export const infraMonitoringKeys = {
  tickStreaming: ['infra', 'tick-streaming'] as const,
  autoScaling: ['infra', 'auto-scaling'] as const,
};

export const tickStreamingQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: infraMonitoringKeys.tickStreaming,
    queryFn: ({ signal }) =>
      api
        .get('/api/tick-streaming/dashboard', okEnvelope(tickStreamingDashboardSchema), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.tickStreaming,
  });

export const autoScalingQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: infraMonitoringKeys.autoScaling,
    queryFn: ({ signal }) =>
      api
        .get('/api/auto-scaling/status', okEnvelope(autoScalingStatusSchema), { signal })
        .then((r) => r.data),
    refetchInterval: POLL_INTERVALS.autoScaling,
  });

export const useAutoScalingStatus = () => useQuery(autoScalingQuery(useApiClient()));

const RECENT_EVENTS = 10;
/** The sparkline keeps this many polls (10 s apart): the last 5 minutes. */
export const TICK_RATE_POINTS = 30;

type Dashboard = TickStreamingDashboard;
type Pattern = Dashboard['data_flow']['recent_patterns'][number];
type SmartMoney = Dashboard['data_flow']['smart_money_events'][number];

const isPattern = (value: unknown): value is Pattern =>
  typeof value === 'object' && value !== null && typeof (value as Pattern).pattern === 'string';
const isSmartMoney = (value: unknown): value is SmartMoney =>
  typeof value === 'object' && value !== null && typeof (value as SmartMoney).kind === 'string';

/**
 * spec part 2 §2.9: the dashboard, polled every 10 s, and between polls kept live from the stream:
 * new patterns and smart-money events are added as they happen (the `patterns` and `smart-money`
 * topics). Also the ticks-per-second of each poll, for the sparkline.
 */
export function useTickStreamingDashboard(subscribe?: SubscribeToTopic) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery(tickStreamingQuery(api));
  const [rates, setRates] = useState<{ at: number; perSecond: number }[]>([]);
  const lastPoll = useRef(0);

  useEffect(() => {
    if (!query.data || query.dataUpdatedAt === lastPoll.current) return;
    lastPoll.current = query.dataUpdatedAt;
    const point = { at: query.dataUpdatedAt, perSecond: query.data.data_flow.ticks_per_second };
    setRates((current) => [...current, point].slice(-TICK_RATE_POINTS));
  }, [query.data, query.dataUpdatedAt]);

  useEffect(() => {
    if (!subscribe) return;
    const update = (change: (dashboard: Dashboard) => Dashboard) =>
      queryClient.setQueryData<Dashboard>(infraMonitoringKeys.tickStreaming, (current) =>
        current ? change(current) : current,
      );
    const stops = [
      subscribe('patterns', (payload) => {
        if (!isPattern(payload)) return;
        update((d) => ({
          ...d,
          data_flow: {
            ...d.data_flow,
            recent_patterns: [payload, ...d.data_flow.recent_patterns].slice(0, RECENT_EVENTS),
          },
        }));
      }),
      subscribe('smart-money', (payload) => {
        if (!isSmartMoney(payload)) return;
        update((d) => ({
          ...d,
          data_flow: {
            ...d.data_flow,
            smart_money_events: [payload, ...d.data_flow.smart_money_events].slice(0, RECENT_EVENTS),
          },
        }));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [subscribe, queryClient]);

  return { ...query, rates };
}
