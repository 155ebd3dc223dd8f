import { screen, waitFor, within } from '@testing-library/react';
import { mockDrawnPoints, ok, renderBacktest } from './backtest-tab-harness';
import { backtestRun, fullBacktestResult, listed } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

describe('Backtest tab: a run’s results', () => {
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
});
