import { screen, waitFor, within } from '@testing-library/react';
import { fill, ok, renderBacktest } from './backtest-tab-harness';
import { backtestRun, listed, running } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

describe('Backtest tab: a run under way', () => {
  it('sends the settings, shows the progress from the stream, then the results the run answers', async () => {
    let current = running(0);
    const view = renderBacktest({
      'GET /api/backtests': () =>
        ok({
          runs: current.status === 'running' && current.progress.bars_done === 0 ? [] : [listed(current)],
        }),
      'POST /api/backtests': ok(running(0)),
      'GET /api/backtests/run-1': () => ok(current),
    });
    await screen.findByText('No backtests yet: choose a range and run one.');
    fill('From', '2026-11-16');
    fill('To', '2026-11-20');
    fill('Symbols', 'chosen');
    fill('Chosen symbols', 'infy, TCS');
    fill('Stop-loss %', '1.5');
    fill('Product', 'D');
    await view.user.click(screen.getByRole('button', { name: 'Run backtest' }));

    const bar = await screen.findByRole('progressbar', { name: 'Backtest progress' });
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({
      data: 'generated',
      from: '2026-11-16',
      to: '2026-11-20',
      symbols: ['INFY', 'TCS'],
      capital: 1_000_000,
      allocation_strategy: 'moderate',
      stop_loss_pct: 1.5,
      product: 'D',
      brokerage_plan: 'flat',
      signals: 'rules',
      news: true,
    });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeDisabled();

    current = running(400);
    view.emit('backtests', {
      id: 'run-1',
      status: 'running',
      bars_done: 400,
      bars_total: 1000,
      percent: 40,
      eta_seconds: 75,
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(/400 of 1,000 bars · 40\.0% · about 1 min 15 s left/)).toBeInTheDocument();

    current = backtestRun();
    view.emit('backtests', {
      id: 'run-1',
      status: 'complete',
      bars_done: 1000,
      bars_total: 1000,
      percent: 100,
      eta_seconds: 0,
    });
    const figures = await screen.findByRole('group', { name: 'Backtest figures' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(figures).getByText('Net P&L after charges').parentElement).toHaveTextContent('+₹12,346');
    expect(figures).toHaveTextContent('Charges paid₹1,235');
    // ₹1,234.50 of ₹24,69,000 traded.
    expect(figures).toHaveTextContent('0.050% of turnover ₹24,69,000');
    expect(
      await screen.findByRole('img', { name: 'Equity and drawdown, 3 points at session ends' }),
    ).toHaveAttribute('data-points', '2026-11-16:1004000 2026-11-17:998000 2026-11-18:1012345.6');
    // The fall from ₹10,04,000 to ₹9,98,000.
    expect(figures).toHaveTextContent('Max Drawdown-0.60%');
    expect(
      within(screen.getByRole('table', { name: 'Backtest orders' })).getByText('INFY'),
    ).toBeInTheDocument();
    // A run kept before trades were recorded says so, rather than showing empty tables.
    expect(screen.getByText(/This run was kept before backtests recorded their trades/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Backtest trades' })).not.toBeInTheDocument();
  });

  it('falls back to the poll when no frame comes', async () => {
    let current = running(250);
    renderBacktest({
      'GET /api/backtests': () => ok({ runs: [listed(current)] }),
      'GET /api/backtests/run-1': () => ok(current),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Backtest progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    current = running(750);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'), { timeout: 3_000 });
  });

  it('cancels the run under way and says it kept no result', async () => {
    let current = running(300);
    const view = renderBacktest({
      'GET /api/backtests': () => ok({ runs: [listed(current)] }),
      'GET /api/backtests/run-1': () => ok(current),
      'POST /api/backtests/run-1/cancel': () => {
        current = running(300, { status: 'cancelled', finished_at: '2026-11-21T05:00:03.000Z' });
        return ok(current);
      },
    });
    await screen.findByRole('progressbar');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Backtest cancelled')).toBeInTheDocument();
    expect(
      screen.getByText('Stopped after 300 of 1,000 bars: a cancelled run keeps no result.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(view.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/backtests/run-1/cancel',
    ]);
  });

  it('frees the form once a run not shown ends, seen only in the polled list', async () => {
    const elsewhere = running(300, { id: 'run-2', created_at: '2026-11-21T06:00:00.000Z' });
    const ended = { ...elsewhere, status: 'failed' as const, finished_at: '2026-11-21T06:20:00.000Z' };
    let listCalls = 0;
    const view = renderBacktest({
      'GET /api/backtests': () => {
        listCalls++;
        return ok({ runs: [listed(listCalls <= 2 ? elsewhere : ended), listed(backtestRun())] });
      },
      'GET /api/backtests/run-2': ok(elsewhere),
      'GET /api/backtests/run-1': ok(backtestRun()),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Show run #1' }));
    await screen.findByRole('group', { name: 'Backtest figures' });
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run backtest' })).toBeEnabled(), {
      timeout: 5_000,
    });
    expect(listCalls).toBeGreaterThanOrEqual(3);
  });
});
