import { ApiClient, createQueryClient, shellKeys } from '@td/api-client';
import { createFakeApi } from '../test-support/fake-api';
import { landingPath, prefetchFirstFigures } from './route-prefetch';

const OVERVIEW = {
  body: {
    success: true,
    trading_mode: 'paper',
    trading_mode_label: 'Paper Trading',
    data: {
      portfolio_value: 1234567.4,
      total_value: 1234567.4,
      day_change: 1200,
      day_change_percent: 0.1,
      active_positions: 3,
      total_returns: 234567,
      total_returns_percent: 23.4,
      available_balance: 900000,
      invested_amount: 334567,
    },
  },
};

function setUp() {
  const fake = createFakeApi({ 'GET /api/portfolio/overview': OVERVIEW });
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
