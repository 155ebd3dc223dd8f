import { ApiClient } from './api-client';
import { marketOverviewQuery } from './market';
import { PREFETCH_FRESH_MS } from './polling';
import { portfolioOverviewQuery } from './shell';
import { tradingModeQuery } from './trading-mode-query';

const api = new ApiClient({ baseUrl: 'http://api.test', getToken: () => null });

describe('calls the shell prefetches', () => {
  it.each([
    ['portfolio overview', portfolioOverviewQuery(api)],
    ['market overview', marketOverviewQuery(api)],
  ])('%s: a mount soon after the prefetch reuses it, and the poll still asks on schedule', (_, query) => {
    expect(query.staleTime).toBe(PREFETCH_FRESH_MS);
    // Fresh for less than the poll interval: staleness never delays or skips a poll.
    expect(PREFETCH_FRESH_MS).toBeLessThan(query.refetchInterval as number);
  });

  it('the trading mode is asked again by every screen that mounts: live or not is never taken from a cache', () => {
    expect(tradingModeQuery(api).staleTime).toBeUndefined();
  });
});
