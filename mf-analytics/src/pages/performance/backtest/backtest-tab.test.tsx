import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PerformancePage } from '../performance-page';
import { analytics, returns } from '../performance-test-data';
import { backtestResult, backtestRun, fullBacktestResult, listed, running } from './backtest-test-data';

/** Every points array the chart was drawn with: a new one tears the chart down and builds it again. */
const mockDrawnPoints: unknown[] = [];

jest.mock('../equity-chart-canvas', () => ({
  __esModule: true,
  default: (props: {
    label: string;
    benchmarkTitle?: string;
    points: { date: string; equity: number; benchmark?: number | null }[];
  }) =>
    mockDrawnPoints.push(props.points) &&
    require('react').createElement('div', {
      role: 'img',
      'aria-label': props.label,
      'data-points': props.points.map((p) => `${p.date}:${p.equity}`).join(' '),
      'data-benchmark': props.benchmarkTitle
        ? `${props.benchmarkTitle}: ${props.points.map((p) => p.benchmark).join(' ')}`
        : '',
    }),
}));

const ok = (data: unknown) => reply(200, { success: true, data });

function renderBacktest(replies: Record<string, Responder>) {
  return renderRemote(<PerformancePage />, {
    remote: 'analytics',
    signedIn: true,
    url: '/performance?tab=backtest',
    ownPaths: ['/performance'],
    replies: {
      'GET /api/performance/analytics': ok(analytics),
      'GET /api/performance/returns': ok(returns),
      ...replies,
    },
  });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Backtest tab', () => {
  it("refuses bad input with the server schema's sentence and sends nothing", async () => {
    const view = renderBacktest({ 'GET /api/backtests': ok({ runs: [] }) });
    await screen.findByText('No backtests yet: choose a range and run one.');
    fill('From', '2026-11-20');
    fill('To', '2026-11-16');
    fill('Starting capital (₹)', '100000');
    fill('Stop-loss %', '0');
    await view.user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(
      screen.getByText(
        'capital must be at least ₹1,50,000: the paper account keeps ₹1,00,000 as its minimum balance',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('stop_loss_pct must be at least 0.01 %')).toBeInTheDocument();
    expect(screen.getByText('from must be on or before to: swap the two dates')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(view.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's sentence when it refuses a range outside its history", async () => {
    renderBacktest({
      'GET /api/backtests': ok({ runs: [] }),
      'POST /api/backtests': reply(400, {
        success: false,
        error:
          'No one-minute bars between 2019-01-01 and 2019-01-31: history covers 2026-11-16 to 2026-11-20.',
      }),
    });
    await screen.findByText('No backtests yet: choose a range and run one.');
    fill('From', '2019-01-01');
    fill('To', '2019-01-31');
    fireEvent.submit(screen.getByRole('form', { name: 'Backtest settings' }));
    expect(
      await screen.findByText(
        'No one-minute bars between 2019-01-01 and 2019-01-31: history covers 2026-11-16 to 2026-11-20.',
      ),
    ).toBeInTheDocument();
    // The dates the server named fill the form at a click.
    fireEvent.click(screen.getByRole('button', { name: 'Use 2026-11-16 to 2026-11-20' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-16');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-20');
    // A new press replaces the old refusal with what is wrong now.
    fill('Starting capital (₹)', '100000');
    fireEvent.submit(screen.getByRole('form', { name: 'Backtest settings' }));
    expect(screen.getByText(/capital must be at least ₹1,50,000/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/No one-minute bars/)).not.toBeInTheDocument());
  });

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

  it('shows the Performance screen’s cards, the curve against buy-and-hold NIFTY 50, the trades and the months', async () => {
    const run = backtestRun({ result: fullBacktestResult });
    renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(run)] }),
      'GET /api/backtests/run-1': ok(run),
    });
    const figures = await screen.findByRole('group', { name: 'Backtest figures' });
    // The Performance screen's six cards, with the run's figures.
    const card = (label: string) =>
      screen.getByText(label, { selector: 'span, div' }).closest('[role="group"]')!;
    expect(card('Win Rate')).toHaveTextContent('66.7% (3 trades)2/3 winning');
    expect(card('Total Return')).toHaveTextContent('+₹12,346+1.23% · annualized — (under 30 days)');
    expect(within(figures).getByText('Total Return')).toBeInTheDocument();
    expect(card('Profit Factor')).toHaveTextContent('3.06');
    expect(card('Sharpe Ratio')).toHaveTextContent('1.42annualised, risk-free 6.5%');
    expect(card('Max Drawdown')).toHaveTextContent('-0.60%-₹6,000');
    expect(card('Total Trades')).toHaveTextContent('3closed over 3 sessions');
    // Buy-and-hold NIFTY 50 beside the strategy: +0.50 % against the strategy's +1.23 %.
    expect(within(figures).getByText('Buy and hold NIFTY 50').parentElement).toHaveTextContent(
      '+₹5,000+0.50% · the strategy +0.73% against it',
    );
    expect(figures).toHaveTextContent('0.050% of turnover ₹24,69,000');
    const chart = await screen.findByRole('img', {
      name: 'Equity and drawdown against buy-and-hold NIFTY 50, 4 points every 5 minutes',
    });
    // From the capital before the first bar, with the capital in the NIFTY 50 beside it.
    expect(chart.getAttribute('data-points')).toMatch(/^2026-11-16T03:45:00.000Z:1000000 /);
    expect(chart).toHaveAttribute('data-benchmark', 'NIFTY 50: 1000000 1002000 1001000 1005000');

    const trades = screen.getByRole('table', { name: 'Backtest trades' });
    const rows = within(trades).getAllByRole('row').slice(1);
    // Latest first.
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['SBIN', 'TCS', 'INFY']);
    expect(rows[1]).toHaveTextContent('-₹5,950');
    expect(rows[1]).toHaveTextContent('-₹6,000');
    expect(rows[1]).toHaveTextContent('35m');
    expect(rows[1]).toHaveTextContent('stop loss');

    const months = screen.getByRole('table', { name: 'Monthly returns' });
    const monthRows = within(months)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(monthRows).toEqual([
      ['Nov 2026', '-0.20%', '-₹2,000', '2', '50.0% (2 trades)', '₹100'],
      ['Dec 2026', '+1.44%', '+₹14,346', '1', '100.0% (1 trade)', '₹54'],
    ]);
    expect(screen.queryByText(/This run was kept before/)).not.toBeInTheDocument();
  });

  it('says how a long run was thinned, how many orders and trades it had, and what its NIFTY 50 is made of; a stream frame does not redraw the chart', async () => {
    const run = backtestRun({
      result: {
        ...fullBacktestResult,
        equity_stride_minutes: 375,
        equity_stride_sessions: 2,
        trades_total: 1_234,
        orders_total: 2_500,
        orders_filled: 2_400,
        benchmark_note:
          'The NIFTY 50 line is rebuilt from the 30 of its 50 constituents with stored bars in every session (72 % of its weight), at their index weights.',
      },
    });
    const view = renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(run)] }),
      'GET /api/backtests/run-1': ok(run),
    });
    await screen.findByRole('img', {
      name: 'Equity and drawdown against buy-and-hold NIFTY 50, 4 points at every 2nd session end',
    });
    expect(screen.getByText(/rebuilt from the 30 of its 50 constituents/)).toBeInTheDocument();
    expect(screen.getByText('Trades (latest 200 of 1,234)')).toBeInTheDocument();
    expect(screen.getByText('Orders (latest 200 of 2,500)')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Backtest figures' })).toHaveTextContent('2,400 filled');

    mockDrawnPoints.length = 0;
    for (const percent of [10, 20, 30]) {
      view.emit('backtests', {
        id: 'run-9',
        status: 'running',
        bars_done: percent * 10,
        bars_total: 1000,
        percent,
        eta_seconds: 30,
      });
    }
    await waitFor(() => expect(mockDrawnPoints.length).toBeGreaterThan(0));
    // Each frame re-renders the tab; the chart is given the very same points, not a rebuilt copy.
    expect(new Set(mockDrawnPoints).size).toBe(1);
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

  it('shows two chosen runs side by side', async () => {
    const first = backtestRun();
    const second = backtestRun({
      id: 'run-2',
      created_at: '2026-11-21T06:00:00.000Z',
      settings: { ...first.settings, allocation_strategy: 'aggressive', brokerage_plan: 'discount' },
      result: { ...backtestResult, net_pnl: -2_000, final_equity: 998_000, charges: 600 },
    });
    const view = renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(second), listed(first)] }),
      'GET /api/backtests/run-1': ok(first),
      'GET /api/backtests/run-2': ok(second),
    });
    await screen.findByRole('group', { name: 'Backtest figures' });
    const boxes = screen.getAllByRole('checkbox', { name: /Compare run/ });
    await view.user.click(boxes[0]!);
    expect(screen.queryByRole('table', { name: 'Backtests side by side' })).not.toBeInTheDocument();
    await view.user.click(boxes[1]!);
    const table = await screen.findByRole('table', { name: 'Backtests side by side' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!.textContent;
    await waitFor(() => expect(row('Net P&L after charges')).toBe('Net P&L after charges-₹2,000+₹12,346'));
    expect(row('Charges paid')).toBe('Charges paid₹600₹1,235');
    expect(row('Allocation')).toBe('Allocationaggressivemoderate');
    expect(row('Brokerage plan')).toBe('Brokerage plandiscountflat');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'Run #2', 'Run #1']);
    // Runs kept before trades were recorded have no trade figures: a dash, not a zero.
    expect(row('Win rate')).toBe('Win rate——');
    // Their drawdown was measured at session ends only: said, so it is not set against a minute-by-minute one.
    expect(row('Max drawdown')).toBe(
      'Max drawdown-0.60% at session ends only, not comparable to a minute-by-minute drawdown-0.60% at session ends only, not comparable to a minute-by-minute drawdown',
    );
  });

  it('sets the new figures of two runs side by side', async () => {
    const first = backtestRun({ result: fullBacktestResult });
    const second = backtestRun({
      id: 'run-2',
      created_at: '2026-11-21T06:00:00.000Z',
      result: {
        ...fullBacktestResult,
        net_pnl: -2_000,
        metrics: {
          ...fullBacktestResult.metrics!,
          win_rate: 25,
          total_trades: 4,
          winning_trades: 1,
          profit_factor: 0.5,
        },
      },
    });
    const view = renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(second), listed(first)] }),
      'GET /api/backtests/run-1': ok(first),
      'GET /api/backtests/run-2': ok(second),
    });
    await screen.findByRole('group', { name: 'Backtest figures' });
    for (const box of screen.getAllByRole('checkbox', { name: /Compare run/ })) await view.user.click(box);
    const table = await screen.findByRole('table', { name: 'Backtests side by side' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!.textContent;
    await waitFor(() => expect(row('Win rate')).toBe('Win rate25.0% (4 trades)66.7% (3 trades)'));
    expect(row('Closed trades')).toBe('Closed trades43');
    expect(row('Profit factor')).toBe('Profit factor0.503.06');
    expect(row('Buy and hold NIFTY 50')).toBe('Buy and hold NIFTY 50+0.50%+0.50%');
    // −0.20 % and +1.23 % of the capital, less buy-and-hold's +0.50 %.
    expect(row('Return over buy and hold')).toBe('Return over buy and hold-0.70%+0.73%');
    expect(row('Max drawdown')).toBe('Max drawdown-0.60%-0.60%');
    // Each run's curve against buy-and-hold NIFTY 50, under its name.
    expect(
      screen.getByRole('img', { name: 'Run #2: equity and drawdown against buy-and-hold NIFTY 50' }),
    ).toHaveAttribute('data-benchmark', 'NIFTY 50: 1000000 1002000 1001000 1005000');
    expect(
      screen.getByRole('img', { name: 'Run #1: equity and drawdown against buy-and-hold NIFTY 50' }),
    ).toBeInTheDocument();
  });
});
