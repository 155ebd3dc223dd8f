import { NETWORK_DOWN, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { CONNECTION_ISSUES_TEXT } from './connection-issues-banner';
import { OVERVIEW, overviewReply, renderDashboard } from './dashboard-test-data';
import { reloadPage } from './reload-page';

jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));

const tile = (label: string) => screen.getByRole('group', { name: label });
const connectionBanner = () =>
  screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('Data Connection Issues:'));
const DISCONNECTED = reply(503, { success: false, error: 'Data source not connected' });

describe('dashboard', () => {
  it('shows the portfolio tiles in rupees and says Connected once the overview loads', async () => {
    renderDashboard();
    expect(await screen.findByText('₹12,34,567')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(tile('Portfolio Value')).toHaveTextContent('₹12,34,567');
    expect(tile("Today's P&L")).toHaveTextContent('+₹2,346');
    expect(tile("Today's P&L")).toHaveTextContent('+0.19%');
    expect(tile('Active Positions')).toHaveTextContent('7');
    expect(tile('Total Returns')).toHaveTextContent('+₹2,34,567');
    expect(tile('Total Returns')).toHaveTextContent('+23.46%');
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText(CONNECTION_ISSUES_TEXT)).not.toBeInTheDocument();
  });

  it('is the screen at / as well as /dashboard', async () => {
    renderDashboard({}, { ui: <App />, url: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('₹12,34,567')).toBeInTheDocument();
  });

  it('keeps the tiles live from the portfolio stream', async () => {
    const { emit, subscribers } = renderDashboard();
    await screen.findByText('₹12,34,567');
    expect(subscribers('portfolio')).toBe(1);
    emit('portfolio', {
      ...OVERVIEW,
      portfolio_value: 1_250_000,
      day_change: -1_200.4,
      day_change_percent: -0.1,
    });
    // The query cache tells its readers on the next tick.
    await waitFor(() => expect(tile('Portfolio Value')).toHaveTextContent('₹12,50,000'));
    expect(tile("Today's P&L")).toHaveTextContent('-₹1,200');
    expect(tile("Today's P&L")).toHaveTextContent('-0.10%');
  });

  it('shows no figure from a malformed overview reply: it is an error, not a wrong number', async () => {
    renderDashboard({
      'GET /api/portfolio/overview': reply(200, {
        success: true,
        data: { ...OVERVIEW, portfolio_value: '12,34,567' },
        trading_mode: 'paper',
        trading_mode_label: 'Paper Trading',
      }),
    });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(tile('Portfolio Value')).toHaveTextContent('—');
  });

  it('drops a malformed portfolio frame and follows the next valid one', async () => {
    const { emit, subscribers } = renderDashboard();
    await screen.findByText('₹12,34,567');
    await waitFor(() => expect(subscribers('portfolio')).toBe(1));
    emit('portfolio', { ...OVERVIEW, portfolio_value: 'lots' });
    emit('portfolio', { ...OVERVIEW, active_positions: 8 });
    await waitFor(() => expect(tile('Active Positions')).toHaveTextContent('8'));
    expect(tile('Portfolio Value')).toHaveTextContent('₹12,34,567');
  });

  it('says Disconnected and shows the connection-issues banner when the overview fails', async () => {
    renderDashboard({ 'GET /api/portfolio/overview': DISCONNECTED });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    const banner = connectionBanner()!;
    expect(banner).toHaveTextContent('Data Connection Issues:');
    expect(banner).toHaveTextContent(
      'Unable to connect to real-time data sources. Trading data may not be current.',
    );
    expect(within(banner).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Restart Page' })).toBeInTheDocument();
    expect(tile('Portfolio Value')).toHaveTextContent('—');
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
  });

  it('asks again on Try Again and clears the banner when the data source answers', async () => {
    let down = true;
    const { user, calls } = renderDashboard({
      'GET /api/portfolio/overview': () => (down ? DISCONNECTED : overviewReply()),
    });
    await screen.findByText('Disconnected');
    const before = calls('GET /api/portfolio/overview');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(calls('GET /api/portfolio/overview')).toBe(before + 1);
    expect(screen.queryByText(CONNECTION_ISSUES_TEXT)).not.toBeInTheDocument();
    expect(tile('Portfolio Value')).toHaveTextContent('₹12,34,567');
  });

  it('reloads the whole page on Restart Page', async () => {
    const { user } = renderDashboard({ 'GET /api/portfolio/overview': NETWORK_DOWN });
    await screen.findByText('Disconnected');
    await user.click(screen.getByRole('button', { name: 'Restart Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('asks for every figure on the screen again on Refresh', async () => {
    const { user, calls } = renderDashboard();
    await screen.findByText('₹12,34,567');
    await screen.findByText('Unable to connect to AI services');
    const paths = [
      'GET /api/portfolio/overview',
      'GET /api/market/overview',
      'GET /api/portfolio/activity',
      'GET /api/trading/mode',
      'GET /api/ml/intelligence-metrics',
      'GET /api/news',
    ];
    const before = paths.map(calls);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(paths.map(calls)).toEqual(before.map((count) => count + 1)));
  });

  it('lists recent activity with action, symbol, quantity, price and time', async () => {
    renderDashboard();
    // The card is a lazy chunk: its placeholder (same title) is replaced once the code is in.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Recent Activity' })).toHaveTextContent('RELIANCE'),
    );
    const card = screen.getByRole('region', { name: 'Recent Activity' });
    expect(card).toHaveTextContent('Bought 10 RELIANCE at ₹2,451');
    expect(card).toHaveTextContent('5 minutes ago');
  });

  it('says so when there is no recent activity', async () => {
    renderDashboard({ 'GET /api/portfolio/activity': reply(200, { success: true, data: [] }) });
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
  });
});
