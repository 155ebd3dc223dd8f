import type { IndicesFrame, MarketOverview, PortfolioOverview } from '@td/contracts';
import { engineStatusFixture, type Responder, renderRemote, reply } from '@td/platform/test-support';
import type { ReactElement } from 'react';
import { DashboardPage } from './dashboard-page';
import { loadDashboardPanels } from './dashboard-panels';

// The heavier cards are a lazy chunk in the product: tests of their content start with it loaded,
// so a card found by its title is the card itself, not its placeholder (dashboard-panels.test.tsx
// covers the placeholder).
beforeAll(() => loadDashboardPanels());

export const OVERVIEW: PortfolioOverview = {
  portfolio_value: 1_234_567,
  total_value: 1_234_567,
  day_change: 2_345.6,
  day_change_percent: 0.19,
  active_positions: 7,
  total_returns: 234_567,
  total_returns_percent: 23.46,
  available_balance: 900_000,
  invested_amount: 334_567,
};

export const overviewReply = (data: PortfolioOverview = OVERVIEW) =>
  reply(200, { success: true, data, trading_mode: 'paper', trading_mode_label: 'Paper Trading' });

export const modeReply = (mode: 'paper' | 'live' | 'mock') =>
  reply(200, {
    success: true,
    data: {
      trading_mode: mode,
      trading_mode_label: mode,
      live_available: true,
      live_unavailable_reason: null,
    },
  });

export const MARKET: MarketOverview = {
  indices: {
    NIFTY_50: { value: 24_350.55, previous_close: 24_248.7, change: 101.85, change_percent: 0.42 },
    SENSEX: { value: 80_123.4, previous_close: 80_500, change: -376.6, change_percent: -0.47 },
    BANK_NIFTY: { value: 52_010, previous_close: 52_000, change: 10, change_percent: 0.02 },
  },
  source: 'simulator',
  simulated: true,
  as_of: '2026-11-20T05:00:00.000Z',
};

export const indicesFrame = (niftyValue: number, source = 'simulator'): IndicesFrame => ({
  NIFTY_50: {
    value: niftyValue,
    previous_close: 24_000,
    change: niftyValue - 24_000,
    change_percent: ((niftyValue - 24_000) / 24_000) * 100,
  },
  SENSEX: MARKET.indices.SENSEX,
  BANK_NIFTY: MARKET.indices.BANK_NIFTY,
  source,
  ts: Date.parse('2026-11-20T05:00:01.000Z'),
});

export const ENGINES = reply(200, { success: true, data: engineStatusFixture() });

/** What Fastify answers for a route that does not exist yet (the ML and news services today). */
export const NOT_BUILT = (path: string) =>
  reply(404, { message: `Route GET:${path} not found`, error: 'Not Found', statusCode: 404 });

export const DEFAULT_REPLIES: Record<string, Responder> = {
  'GET /api/portfolio/overview': overviewReply(),
  'GET /api/trading/mode': modeReply('paper'),
  'GET /api/market/overview': reply(200, { success: true, data: MARKET }),
  'GET /api/portfolio/activity': reply(200, {
    success: true,
    data: [
      {
        id: 'a1',
        action: 'Bought',
        symbol: 'RELIANCE',
        quantity: 10,
        price: 2_450.5,
        value: 24_505,
        time_ago: '5 minutes ago',
        timestamp: '2026-11-20T04:55:00.000Z',
        strategy: 'momentum',
      },
    ],
  }),
  'GET /api/ml/intelligence-metrics': NOT_BUILT('/api/ml/intelligence-metrics'),
  'GET /api/ml/sentiment/market': NOT_BUILT('/api/ml/sentiment/market'),
  'GET /api/engines/status': ENGINES,
  'GET /api/news': NOT_BUILT('/api/news'),
};

/** The dashboard (or `ui`, such as the whole remote) as the host mounts it at `url`, over the default replies plus `replies`. */
export function renderDashboard(
  replies: Record<string, Responder> = {},
  { ui = <DashboardPage />, url = '/dashboard' }: { ui?: ReactElement; url?: string } = {},
) {
  const view = renderRemote(ui, {
    remote: 'trading',
    signedIn: true,
    url,
    ownPaths: ['/', '/dashboard'],
    replies: { ...DEFAULT_REPLIES, ...replies },
  });
  const calls = (key: string) =>
    view.requests.filter((request) => `${request.method} ${request.path}` === key).length;
  return { ...view, calls };
}
