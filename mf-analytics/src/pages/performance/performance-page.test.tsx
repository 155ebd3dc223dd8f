import { NETWORK_DOWN, NO_ANSWER, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ANALYTICS_PATH,
  analytics,
  EMPTY_ANALYTICS,
  EMPTY_RETURNS,
  ok,
  queriesOf,
  RETURNS_PATH,
  renderPerformance,
} from './performance-test-data';
import { reloadPage } from './reload-page';

jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));
// The canvas needs a real browser; here it reports what it was asked to draw.
jest.mock('./equity-chart-canvas', () => ({
  __esModule: true,
  default: (props: { points: unknown[]; label: string }) =>
    require('react').createElement(
      'div',
      { role: 'img', 'aria-label': props.label },
      `${props.points.length} points`,
    ),
}));

const card = (name: string) => screen.getByRole('group', { name });
const CARDS = ['Total Return', 'Win Rate', 'Profit Factor', 'Sharpe Ratio', 'Max Drawdown', 'Total Trades'];

describe('Performance Analytics', () => {
  it('shows the six cards as loading until both calls answer', async () => {
    renderPerformance({ [ANALYTICS_PATH]: NO_ANSWER });
    expect(await screen.findByRole('heading', { name: 'Performance Analytics' })).toBeInTheDocument();
    for (const name of CARDS) expect(card(name)).toHaveTextContent('…');
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
  });

  it('shows the six cards from the analytics call, its source, and Connected', async () => {
    renderPerformance();
    await screen.findByText('+₹12,346');
    expect(card('Total Return')).toHaveTextContent('+₹12,346+1.23% · annualized +15.20%');
    expect(card('Win Rate')).toHaveTextContent('60.0% (10 trades)6/10 winning');
    expect(card('Profit Factor')).toHaveTextContent('3.18');
    expect(card('Sharpe Ratio')).toHaveTextContent('1.87annualised, risk-free 6.5%');
    expect(card('Max Drawdown')).toHaveTextContent('-4.98%-₹50,400');
    expect(card('Total Trades')).toHaveTextContent('10All Time');
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getAllByTestId('performance-source')[0]).toHaveTextContent(
      'Source: Paper account, simulated pricesSimulated',
    );
    expect(
      await screen.findByRole('img', { name: 'Equity curve and drawdown, 5 sessions' }),
    ).toHaveTextContent('5 points');
  });

  it('puts the count beside a win rate from fewer than 20 trades, and shows it alone from 20 on', async () => {
    const one = { ...analytics, win_rate: 100, total_trades: 1, winning_trades: 1, losing_trades: 0 };
    const { unmount } = renderPerformance({ [ANALYTICS_PATH]: ok(one) });
    await screen.findByText('+₹12,346');
    expect(card('Win Rate')).toHaveTextContent('100.0% (1 trade)1/1 winning');
    unmount();
    renderPerformance({ [ANALYTICS_PATH]: ok({ ...analytics, total_trades: 20, winning_trades: 12 }) });
    await screen.findByText('+₹12,346');
    expect(card('Win Rate')).toHaveTextContent('60.0%12/20 winning');
  });

  it('says the annualized return is not shown for a period under 30 days', async () => {
    renderPerformance({ [ANALYTICS_PATH]: ok({ ...analytics, period: 'week', annualized_return: null }) });
    await screen.findByText('+₹12,346');
    expect(card('Total Return')).toHaveTextContent('annualized — (under 30 days)');
  });

  it('shows Performance data not available for an empty ledger, with dashes rather than zeros', async () => {
    renderPerformance({ [ANALYTICS_PATH]: ok(EMPTY_ANALYTICS), [RETURNS_PATH]: ok(EMPTY_RETURNS) });
    expect(await screen.findByText('Performance data not available')).toBeInTheDocument();
    expect(screen.getByText(/No closed trades and no sessions yet in the paper account/)).toBeInTheDocument();
    for (const name of CARDS) expect(card(name)).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
    // The ledger's views say so; the Backtest tab needs no ledger and stays open to choose.
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Performance data not available');
    expect(screen.getByRole('tab', { name: 'Backtest' })).toBeInTheDocument();
  });

  it('shows the connection banner with Retry, Restart and the last attempt, and dashes on every card', async () => {
    let calls = 0;
    const view = renderPerformance({
      [ANALYTICS_PATH]: () => {
        calls += 1;
        return calls > 1
          ? ok(analytics)
          : reply(503, { success: false, error: 'Analytics are not available' });
      },
    });
    expect(await screen.findByText('Performance Data Connection Issues')).toBeInTheDocument();
    expect(
      screen.getByText(/Unable to connect to performance analytics services\. Metrics may not be current\./),
    ).toHaveTextContent(/Last attempt \d{2}:\d{2} IST/);
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    for (const name of CARDS) expect(card(name)).toHaveTextContent('—');
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('Performance data not available');
    expect(panel).toHaveTextContent('Performance service not connected');

    await view.user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await view.user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('+₹12,346')).toBeInTheDocument();
    expect(screen.queryByText('Performance Data Connection Issues')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says Performance service not connected when the network is down', async () => {
    renderPerformance({ [RETURNS_PATH]: NETWORK_DOWN });
    expect(await screen.findByText('Performance Data Connection Issues')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Performance service not connected');
  });

  it("gives the server's own sentence when it answers with an error", async () => {
    renderPerformance({
      [ANALYTICS_PATH]: reply(400, { success: false, error: 'period must be one of day, week' }),
    });
    expect(await screen.findByText('Performance Data Connection Issues')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Performance data not availableperiod must be one of day, week',
    );
  });

  it('asks for the chosen period and shows its figures', async () => {
    const view = renderPerformance({
      [ANALYTICS_PATH]: (_body, url) =>
        ok(
          url.searchParams.get('period') === 'month'
            ? { ...analytics, period: 'month', total_trades: 4 }
            : analytics,
        ),
    });
    await screen.findByText('+₹12,346');
    const options = within(screen.getByLabelText('Period')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Day',
      'Week',
      'Month',
      'Quarter',
      'Year',
      'All Time',
    ]);
    expect(screen.getByLabelText('Period')).toHaveValue('all');

    await view.user.selectOptions(screen.getByLabelText('Period'), 'Month');
    await waitFor(() => expect(card('Total Trades')).toHaveTextContent('4Month'));
    expect(queriesOf(view.requests, '/api/performance/analytics').at(-1)).toEqual({ period: 'month' });
    expect(queriesOf(view.requests, '/api/performance/returns').at(-1)).toEqual({ period: 'month' });
  });

  it('filters every figure by strategy and by symbol from the choices the returns list', async () => {
    const view = renderPerformance({
      [ANALYTICS_PATH]: (_body, url) =>
        ok(
          url.searchParams.get('strategy') === 'momentum'
            ? { ...analytics, total_return: 1_345.67 }
            : analytics,
        ),
    });
    await screen.findByText('+₹12,346');
    await view.user.click(screen.getByRole('button', { name: 'Filter' }));
    const strategy = screen.getByLabelText('Strategy');
    expect(
      within(strategy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'ensemble', 'momentum']);
    await view.user.selectOptions(strategy, 'momentum');
    await waitFor(() => expect(card('Total Return')).toHaveTextContent('+₹1,346'));
    expect(queriesOf(view.requests, '/api/performance/analytics').at(-1)).toEqual({
      period: 'all',
      strategy: 'momentum',
    });

    await view.user.selectOptions(screen.getByLabelText('Symbol'), 'TCS');
    await waitFor(() =>
      expect(queriesOf(view.requests, '/api/performance/returns').at(-1)).toEqual({
        period: 'all',
        strategy: 'momentum',
        symbol: 'TCS',
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() =>
      expect(queriesOf(view.requests, '/api/performance/analytics').at(-1)).toEqual({ period: 'all' }),
    );
  });

  it('asks both calls again on Refresh', async () => {
    const view = renderPerformance();
    await screen.findByText('+₹12,346');
    const before = view.requests.length;
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(view.requests.length).toBe(before + 2));
    expect(queriesOf(view.requests, '/api/performance/returns')).toHaveLength(2);
  });
});
