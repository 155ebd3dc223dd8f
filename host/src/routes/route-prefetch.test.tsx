import { QueryClientProvider } from '@tanstack/react-query';
import {
  ApiClient,
  ApiClientProvider,
  createQueryClient,
  shellKeys,
  useMarketOverview,
  usePortfolioOverview,
  useTradingMode,
} from '@td/api-client';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createFakeApi } from '../test-support/fake-api';
import { portfolioOverviewReply } from '../test-support/replies';
import { landingPath, prefetchFirstFigures } from './route-prefetch';

const OVERVIEW = portfolioOverviewReply();
// An index not yet quoted is null: the smallest reply the contract takes.
const MARKET = {
  indices: { NIFTY_50: null, SENSEX: null, BANK_NIFTY: null },
  source: 'simulator',
  simulated: true,
  as_of: '2026-01-05T04:00:00.000Z',
};
const MODE = {
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  live_available: false,
  live_unavailable_reason: 'No broker session',
  live_allowed_until: null,
};

function setUp() {
  const fake = createFakeApi({
    'GET /api/portfolio/overview': OVERVIEW,
    'GET /api/market/overview': { body: { success: true, data: MARKET } },
    'GET /api/trading/mode': { body: { success: true, data: MODE } },
  });
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'token',
    fetchImpl: fake.fetchImpl,
  });
  return { fake, api, queryClient: createQueryClient('shell') };
}

describe('landingPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/', '/dashboard'],
    ['/', '/'],
    ['/login', '/dashboard'],
    ['/no-such-screen', '/dashboard'],
    ['/performance', '/performance'],
  ])('a signed-in visit of %s lands on %s', (path, landing) => {
    expect(landingPath(path)).toBe(landing);
  });
});

describe('prefetchFirstFigures', () => {
  it.each(['/dashboard', '/', '/login', '/no-such-screen'])(
    'on %s asks for the portfolio, the market and the trading mode at once, into the shared cache',
    async (path) => {
      const { fake, api, queryClient } = setUp();
      prefetchFirstFigures(queryClient, api, path);
      expect(fake.calls.map((c) => c.path).sort()).toEqual([
        '/api/market/overview',
        '/api/portfolio/overview',
        '/api/trading/mode',
      ]);
      await queryClient.getQueryCache().find({ queryKey: shellKeys.portfolioOverview })?.promise;
      expect(queryClient.getQueryData(shellKeys.portfolioOverview)).toEqual(OVERVIEW.body);
    },
  );

  it('asks for nothing on a screen other than the dashboard', () => {
    const { fake, api, queryClient } = setUp();
    expect(prefetchFirstFigures(queryClient, api, '/performance')).toEqual([]);
    expect(fake.calls).toEqual([]);
  });
});

describe('a screen mounted after the prefetch', () => {
  it('shows the prefetched figures without asking for them again, and asks for the trading mode anew', async () => {
    const { fake, api, queryClient } = setUp();
    prefetchFirstFigures(queryClient, api, '/dashboard');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={api}>{children}</ApiClientProvider>
      </QueryClientProvider>
    );
    // What mf-trading's dashboard and the shell's route outlet mount with (the same query options).
    const { result } = renderHook(
      () => [usePortfolioOverview(), useMarketOverview(), useTradingMode()] as const,
      { wrapper },
    );
    // Every answer shows at once; only the trading mode, a safety state, is asked again behind it.
    expect(result.current.map((q) => q.isSuccess)).toEqual([true, true, true]);
    expect(result.current.map((q) => q.isFetching)).toEqual([false, false, true]);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fake.calls.map((c) => c.path).sort()).toEqual([
      '/api/market/overview',
      '/api/portfolio/overview',
      '/api/trading/mode',
      '/api/trading/mode',
    ]);
  });
});
