import { engineStatusFixture } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_TOKEN_KEY } from '../auth/session-token-storage';
import { renderHost } from '../test-support/render-host';
import { portfolioOverviewReply as overview } from '../test-support/replies';
import { TopBar } from './top-bar';

const engines = {
  body: {
    success: true,
    data: engineStatusFixture({
      market_status: {
        is_open: true,
        session: 'normal',
        description: 'NSE open: normal session until 15:30 IST',
        next_open: null,
        next_close: null,
        source: 'simulator',
        simulated: false,
      },
    }),
  },
};

beforeEach(() => window.localStorage.clear());

describe('Top bar', () => {
  it('shows engine and market state and the portfolio in rupees with Indian grouping', async () => {
    renderHost(<TopBar onOpenMenu={() => undefined} />, {
      routes: { 'GET /api/portfolio/overview': overview(0), 'GET /api/engines/status': engines },
    });
    expect(await screen.findByText('₹12,34,567')).toBeInTheDocument();
    expect(screen.getByText('Active')).toHaveAttribute('title', expect.stringMatching(/^Trading /));
    expect(screen.getByText('Market Open')).toBeInTheDocument();
    const pnl = screen.getByText('+₹0');
    expect(pnl).toHaveStyle({ color: '#22c55e' });
  });

  it("says Inactive with the loop's own reason while the loop waits, as the engines status does", async () => {
    const waiting = engineStatusFixture({
      trading_active: false,
      trading_loop: {
        status: 'waiting',
        status_text: 'Waiting for data: RELIANCE: needs 50 one-minute bars, has 12. Next run 10:32 IST.',
      },
    });
    renderHost(<TopBar onOpenMenu={() => undefined} />, {
      routes: {
        'GET /api/portfolio/overview': overview(0),
        'GET /api/engines/status': { body: { success: true, data: waiting } },
      },
    });
    await waitFor(() =>
      expect(screen.getByText('Inactive')).toHaveAttribute(
        'title',
        expect.stringContaining('needs 50 one-minute bars, has 12'),
      ),
    );
  });

  it('shows a loss in red without a plus sign', async () => {
    renderHost(<TopBar onOpenMenu={() => undefined} />, {
      routes: { 'GET /api/portfolio/overview': overview(-4321), 'GET /api/engines/status': engines },
    });
    const pnl = await screen.findByText('-₹4,321');
    expect(pnl).toHaveStyle({ color: '#ef4444' });
  });

  it('invents nothing while the server has no figures', async () => {
    const { fake } = renderHost(<TopBar onOpenMenu={() => undefined} />);
    await waitFor(() => expect(fake.calls.length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('Market status unavailable')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(2);
  });

  it("falls back to 'User' and 'Trading Account' and closes the menu on an outside click", async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'token');
    renderHost(
      <div>
        <TopBar onOpenMenu={() => undefined} />
        <p>outside</p>
      </div>,
      {
        routes: {
          'POST /api/auth/validate-session': {
            body: { success: true, user: { email: '' }, expires_at: '2030-01-01T00:00:00Z' },
          },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: /user/i }));
    expect(screen.getByRole('menu')).toHaveTextContent('Trading Account');
    expect(screen.getByRole('menuitem', { name: 'Market Insights' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('holds the diagnostics gear in the bar itself, so the gear never floats over a screen', () => {
    renderHost(<TopBar onOpenMenu={() => undefined} />, {
      routes: { 'GET /api/portfolio/overview': overview(0), 'GET /api/engines/status': engines },
    });
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('button', { name: 'System diagnostics' })).toBeInTheDocument();
  });
});
