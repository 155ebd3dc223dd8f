import { screen, waitFor, within } from '@testing-library/react';
import { ok, renderBacktest } from './backtest-tab-harness';
import { backtestResult, backtestRun, fullBacktestResult, listed } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

describe('Backtest tab: two runs side by side', () => {
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
