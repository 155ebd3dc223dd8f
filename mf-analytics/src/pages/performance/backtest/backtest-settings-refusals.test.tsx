import { reply } from '@td/platform/test-support';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fill, ok, renderBacktest } from './backtest-tab-harness';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

describe('Backtest tab: settings refused', () => {
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
});
