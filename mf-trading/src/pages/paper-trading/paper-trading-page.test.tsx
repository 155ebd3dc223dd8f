import { reply } from '@td/platform/test-support';
import { theme } from '@td/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  accountReplies,
  HOLDINGS,
  OVERVIEW,
  ok,
  paperOverview,
  renderPaperTrading,
  tile,
} from './paper-trading-test-data';

const figureIn = (label: string) => within(tile(label)).getByText(/₹|^\d/, { selector: 'div' });

describe('paper trading: the account cards', () => {
  it('names the screen with the spec subtitle', async () => {
    renderPaperTrading();
    expect(screen.getByRole('heading', { level: 1, name: 'Paper Trading' })).toBeInTheDocument();
    expect(
      screen.getByText('Practice trading with virtual money using real market data.'),
    ).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Cash Balance' });
  });

  it('shows cash, portfolio value, total return in rupees and percent, and positions with the trade count', async () => {
    const { requests } = renderPaperTrading();
    expect(await screen.findByRole('group', { name: 'Cash Balance' })).toHaveTextContent('₹9,12,345');
    expect(tile('Portfolio Value')).toHaveTextContent('₹10,34,567');
    expect(tile('Total Return')).toHaveTextContent('+₹34,567');
    expect(tile('Total Return')).toHaveTextContent('+3.46%');
    expect(tile('Active Positions')).toHaveTextContent('3');
    expect(await within(tile('Active Positions')).findByText('57 total trades')).toBeInTheDocument();
    // One row is enough to read the total.
    expect(requests.find((r) => r.path === '/api/trades/recent')?.query).toBe('page_size=1');
  });

  it('colours the total return green when it is a gain and red when it is a loss', async () => {
    renderPaperTrading(
      accountReplies({
        [OVERVIEW]: ok(paperOverview({ total_returns: -8200, total_returns_percent: -0.82 })),
      }),
    );
    await screen.findByRole('group', { name: 'Total Return' });
    expect(figureIn('Total Return')).toHaveTextContent('-₹8,200');
    expect(figureIn('Total Return')).toHaveStyle({ color: theme.colors.negative });
    expect(tile('Total Return')).toHaveTextContent('-0.82%');
  });

  it("shows today's P&L, trades today and the unrealized P&L summed over the open holdings", async () => {
    renderPaperTrading();
    const today = await screen.findByRole('region', { name: "Today's Performance" });
    expect(within(today).getByRole('group', { name: "Today's P&L" })).toHaveTextContent('-₹1,234');
    expect(figureIn("Today's P&L")).toHaveStyle({ color: theme.colors.negative });
    expect(within(today).getByRole('group', { name: 'Trades Today' })).toHaveTextContent('4');
    const unrealized = within(today).getByRole('group', { name: 'Unrealized P&L' });
    // 2,500 - 700 + 1,200
    await waitFor(() => expect(unrealized).toHaveTextContent('+₹3,000'));
    expect(unrealized).toHaveTextContent('On 3 open holdings');
    expect(figureIn('Unrealized P&L')).toHaveStyle({ color: theme.colors.positive });
  });

  it('does not read the live account as paper in live mode', async () => {
    const { requests } = renderPaperTrading(accountReplies(), { tradingMode: 'live' });
    const unrealized = await screen.findByRole('group', { name: 'Unrealized P&L' });
    expect(unrealized).toHaveTextContent('—');
    expect(tile('Active Positions')).toHaveTextContent('4 trades today');
    expect(requests.map((r) => r.path)).not.toContain('/api/portfolio/holdings');
    expect(requests.map((r) => r.path)).not.toContain('/api/trades/recent');
  });

  it('says when the holdings cannot be read instead of showing a zero', async () => {
    renderPaperTrading(accountReplies({ [HOLDINGS]: reply(404, { success: false, error: 'gone' }) }));
    const unrealized = await screen.findByRole('group', { name: 'Unrealized P&L' });
    await waitFor(() => expect(unrealized).toHaveTextContent('Holdings unavailable'));
    expect(unrealized).not.toHaveTextContent('₹');
  });
});

describe('paper trading: risk limits status', () => {
  const checkNamed = (name: string) =>
    within(screen.getByRole('region', { name: 'Risk Limits Status' }))
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith(name))!;

  it('shows the four checks, each current against its limit, with Safe when within it', async () => {
    renderPaperTrading();
    await screen.findByRole('region', { name: 'Risk Limits Status' });
    expect(checkNamed('Balance')).toHaveTextContent('BalanceSafeCash₹9,12,345Minimum₹1,00,000');
    expect(checkNamed('Daily Loss')).toHaveTextContent("Daily LossSafeToday's loss₹1,234Limit₹25,000");
    expect(checkNamed('Positions')).toHaveTextContent('PositionsSafeOpen3Limit10');
    expect(checkNamed('Exposure')).toHaveTextContent('ExposureSafeInvested11.81%Limit80.00%');
    for (const name of ['Balance', 'Daily Loss', 'Positions', 'Exposure']) {
      expect(checkNamed(name).querySelector('svg')).not.toBeNull();
    }
  });

  it('marks a check that is not safe with Warning', async () => {
    const overview = paperOverview();
    overview.limits_status.positions_status = { current: 10, limit: 10, safe: false };
    overview.limits_status.balance_status = { current: 50000, threshold: 100000, safe: false };
    renderPaperTrading(accountReplies({ [OVERVIEW]: ok(overview) }));
    await screen.findByRole('region', { name: 'Risk Limits Status' });
    expect(checkNamed('Positions')).toHaveTextContent('PositionsWarningOpen10Limit10');
    expect(checkNamed('Balance')).toHaveTextContent('BalanceWarning');
    expect(checkNamed('Daily Loss')).toHaveTextContent('Daily LossSafe');
    expect(checkNamed('Exposure')).toHaveTextContent('ExposureSafe');
  });
});

describe('paper trading: when the overview fails', () => {
  afterEach(() => jest.useRealTimers());

  it('shows no figures, says so, and loads them on Retry', async () => {
    jest.useFakeTimers();
    let answer = reply(503, { success: false, error: 'Paper account unavailable' });
    const view = renderPaperTrading(accountReplies({ [OVERVIEW]: () => answer }), { fakeTimers: true });
    // The query retries 3 times, 1 s then 2 s then 4 s apart, before it gives up.
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('Unable to load the paper trading account');
    expect(screen.queryByRole('group', { name: 'Cash Balance' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();

    answer = ok(paperOverview());
    await view.user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Cash Balance' })).toHaveTextContent('₹9,12,345');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the Configuration panel usable', async () => {
    const view = renderPaperTrading(
      accountReplies({ [OVERVIEW]: reply(400, { success: false, error: 'Paper account unavailable' }) }),
    );
    await screen.findByRole('alert');
    await view.user.click(screen.getByRole('button', { name: 'Configuration' }));
    expect(await screen.findByRole('spinbutton', { name: /Max Position Size/ })).toHaveValue(50000);
  });
});
