import { type RenderRemoteOptions, renderRemote, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { PortfolioPage } from './portfolio-page';

// The canvas needs a real browser; here it reports what it was asked to draw.
jest.mock('../../components/price-chart/price-chart-canvas', () => ({
  __esModule: true,
  default: (props: { bars: unknown[]; live: { close: number } | null; label: string }) =>
    require('react').createElement(
      'div',
      { role: 'img', 'aria-label': props.label },
      `${props.bars.length} bars, live close ${props.live?.close ?? 'none'}`,
    ),
}));

const overview = {
  success: true,
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  data: {
    portfolio_value: 1_012_345,
    total_value: 1_012_345,
    day_change: -2_345.4,
    day_change_percent: -0.23,
    active_positions: 2,
    total_returns: 12_345,
    total_returns_percent: 1.23,
    available_balance: 900_000,
    invested_amount: 112_345,
  },
};

const holdings = [
  {
    symbol: 'RELIANCE',
    quantity: 10,
    avg_price: 2_500,
    current_price: 2_550,
    market_value: 25_500,
    total_returns: 500,
    total_returns_percent: 2,
    day_change: 100,
  },
  {
    symbol: 'TCS',
    quantity: 5,
    avg_price: 4_000,
    current_price: 3_900,
    market_value: 19_500,
    total_returns: -500,
    total_returns_percent: -2.5,
    day_change: -50,
  },
];

const candles = (symbol: string) => ({
  success: true,
  data: {
    symbol,
    interval: '1m',
    candles: [0, 1, 2].map((i) => ({
      symbol,
      interval: '1m',
      openTime: Date.UTC(2026, 10, 20, 4, i),
      open: 255_000,
      high: 256_000,
      low: 254_000,
      close: 255_500,
      volume: 100,
      source: 'simulator',
    })),
  },
});

function renderPortfolio(replies: RenderRemoteOptions['replies'] = {}) {
  return renderRemote(<PortfolioPage />, {
    remote: 'trading',
    signedIn: true,
    url: '/portfolio',
    ownPaths: ['/portfolio'],
    replies: {
      'GET /api/portfolio/overview': reply(200, overview),
      'GET /api/portfolio/holdings': reply(200, { success: true, data: holdings }),
      'GET /api/market/candles/RELIANCE': reply(200, candles('RELIANCE')),
      'GET /api/market/candles/TCS': reply(200, candles('TCS')),
      ...replies,
    },
  });
}

describe('Portfolio', () => {
  it('shows the four cards in whole rupees with signed P&L', async () => {
    renderPortfolio();
    expect(await screen.findByText('₹10,12,345')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Value' })).toHaveTextContent('₹10,12,345');
    expect(screen.getByRole('group', { name: 'Daily P&L' })).toHaveTextContent('-₹2,345');
    expect(screen.getByRole('group', { name: 'Daily P&L' })).toHaveTextContent('-0.23%');
    expect(screen.getByRole('group', { name: 'Active Positions' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Total Returns' })).toHaveTextContent('+₹12,345');
  });

  it('lists holdings with the spec columns and prices them live from the ticks', async () => {
    const view = renderPortfolio();
    const table = await screen.findByRole('table', { name: 'Current Holdings' });
    await within(table).findByText('RELIANCE');
    for (const header of ['Symbol', 'Quantity', 'Entry Price', 'Current Price', 'P&L', 'Return %']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const reliance = within(table).getByRole('row', { name: /RELIANCE/ });
    expect(reliance).toHaveTextContent('₹2,550');
    expect(reliance).toHaveTextContent('+₹500');
    expect(view.subscribers('ticks:RELIANCE')).toBe(1);

    view.emit('ticks:RELIANCE', {
      symbol: 'RELIANCE',
      ltp: 260_000,
      previousClose: 254_000,
      volume: 1,
      exchangeTs: 1,
    });
    expect(reliance).toHaveTextContent('₹2,600');
    expect(reliance).toHaveTextContent('+₹1,000');
    expect(reliance).toHaveTextContent('+4.00%');
    // The page ends with the first holding's chart drawn (its code loads on demand).
    expect(await screen.findByRole('img', { name: 'RELIANCE 1-minute price chart' })).toBeInTheDocument();
  });

  it('moves the cards with the portfolio stream', async () => {
    const view = renderPortfolio();
    await screen.findByText('₹10,12,345');
    expect(view.subscribers('portfolio')).toBe(1);
    view.emit('portfolio', { ...overview.data, total_value: 1_020_000, portfolio_value: 1_020_000 });
    // The cache notifies its readers on the next tick.
    expect(await screen.findByText('₹10,20,000')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Value' })).toHaveTextContent('₹10,20,000');
  });

  it('says No holdings found for an empty portfolio, with no chart', async () => {
    renderPortfolio({ 'GET /api/portfolio/holdings': reply(200, { success: true, data: [] }) });
    const table = await screen.findByRole('table', { name: 'Current Holdings' });
    expect(await within(table).findByText('No holdings found')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('lists each holding on two lines for phones: P&L with return, entry → current price', async () => {
    const view = renderPortfolio();
    // Hidden at jsdom's width (a laptop's layout), shown on phones.
    await within(await screen.findByRole('table', { name: 'Current Holdings' })).findByText('RELIANCE');
    const items = [...document.querySelectorAll('ul[aria-label="Current Holdings"] > li')];
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('RELIANCE × 10+₹500 (+2.00%)₹2,500 → ₹2,550');
    expect(items[1]).toHaveTextContent('-₹500 (-2.50%)');
    view.emit('ticks:RELIANCE', {
      symbol: 'RELIANCE',
      ltp: 260_000,
      previousClose: 254_000,
      volume: 1,
      exchangeTs: 1,
    });
    expect(items[0]).toHaveTextContent('₹2,500 → ₹2,600');
    expect(await screen.findByRole('img', { name: 'RELIANCE 1-minute price chart' })).toBeInTheDocument();
  });

  it('shows Error loading portfolio data with the reason, and Retry asks again', async () => {
    let calls = 0;
    const view = renderPortfolio({
      'GET /api/portfolio/holdings': () => {
        calls += 1;
        return reply(503, { success: false, error: 'The live portfolio is not available yet' });
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading portfolio data');
    expect(alert).toHaveTextContent('Failed to fetch holdings data');
    const before = calls;
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(calls).toBeGreaterThan(before);
  });

  it("charts the first holding's minute candles and switches to another holding on Chart", async () => {
    const view = renderPortfolio();
    expect(await screen.findByRole('img', { name: 'RELIANCE 1-minute price chart' })).toHaveTextContent(
      '3 bars',
    );
    view.emit('candles:RELIANCE', {
      symbol: 'RELIANCE',
      interval: '1s',
      openTime: Date.UTC(2026, 10, 20, 4, 2, 30),
      open: 255_500,
      high: 258_000,
      low: 255_000,
      close: 257_000,
      volume: 5,
      source: 'simulator',
    });
    expect(screen.getByRole('img', { name: 'RELIANCE 1-minute price chart' })).toHaveTextContent(
      'live close 2570',
    );

    await view.user.click(screen.getByRole('button', { name: 'Show TCS chart' }));
    expect(await screen.findByRole('img', { name: 'TCS 1-minute price chart' })).toBeInTheDocument();
    expect(view.subscribers('candles:RELIANCE')).toBe(0);
  });
});
