import { shellKeys, usePortfolioOverview } from '@td/api-client';
import type { PortfolioOverviewResponse } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { loadPortfolioFrameSchema, useFramesOnTopic } from './use-frames-on-topic';

/**
 * The portfolio overview, kept current by the server's `portfolio` topic (a message a second while
 * watched): each message is written into the query cache, so every reader of the overview follows it.
 */
export function useLivePortfolioOverview() {
  const { queryClient } = usePlatform();
  const query = usePortfolioOverview();
  useFramesOnTopic('portfolio', loadPortfolioFrameSchema, (data) => {
    queryClient.setQueryData<PortfolioOverviewResponse>(shellKeys.portfolioOverview, (previous) =>
      previous ? { ...previous, data } : previous,
    );
  });
  return query;
}
