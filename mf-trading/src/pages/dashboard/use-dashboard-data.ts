import { marketKeys, mlKeys, portfolioKeys, shellKeys, useMarketOverview } from '@td/api-client';
import type { IndicesFrame, MarketOverview } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { useCallback, useState } from 'react';
import { loadIndicesFrameSchema, useFramesOnTopic } from '../../live/use-frames-on-topic';

/** An `indices` frame carries everything the market overview does, so it replaces the cached one. */
export function overviewFromFrame(frame: IndicesFrame): MarketOverview {
  return {
    indices: { NIFTY_50: frame.NIFTY_50, SENSEX: frame.SENSEX, BANK_NIFTY: frame.BANK_NIFTY },
    source: frame.source,
    simulated: frame.source === 'simulator',
    as_of: new Date(frame.ts).toISOString(),
  };
}

/** The three indices: polled as a fallback, kept live second by second by the `indices` topic. */
export function useLiveMarketOverview() {
  const { queryClient } = usePlatform();
  const query = useMarketOverview();
  useFramesOnTopic('indices', loadIndicesFrameSchema, (frame) => {
    queryClient.setQueryData<MarketOverview>(marketKeys.overview, overviewFromFrame(frame));
  });
  return query;
}

const DASHBOARD_QUERIES = [
  shellKeys.portfolioOverview,
  shellKeys.tradingMode,
  marketKeys.overview,
  portfolioKeys.activity,
  mlKeys.intelligenceMetrics,
  mlKeys.intelligencePipeline,
];

/** Asks again for everything the dashboard shows (the header's Refresh, the banner's Try Again). */
export function useRefreshDashboard() {
  const { queryClient } = usePlatform();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await Promise.all(DASHBOARD_QUERIES.map((queryKey) => queryClient.refetchQueries({ queryKey })));
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);
  return { refresh, refreshing };
}
