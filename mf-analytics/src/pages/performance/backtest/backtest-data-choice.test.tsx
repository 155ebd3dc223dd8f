import type { Responder } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { fill, ok, renderBacktest as renderWithHarness } from './backtest-tab-harness';
import { running } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

const renderBacktest = (replies: Record<string, Responder>) =>
  renderWithHarness({ 'GET /api/backtests': ok({ runs: [] }), ...replies });

const coverage = [
  {
    symbol: 'INFY',
    interval: '1minute',
    first: '2026-01-02T03:45:00.000Z',
    last: '2026-01-30T09:59:00.000Z',
    count: 7_125,
  },
  {
    symbol: 'TCS',
    interval: '1minute',
    first: '2025-12-29T03:45:00.000Z',
    last: '2026-01-09T09:59:00.000Z',
    count: 3_000,
  },
  {
    symbol: 'SBIN',
    interval: 'day',
    first: '2025-01-01T18:30:00.000Z',
    last: '2025-12-31T18:30:00.000Z',
    count: 248,
  },
];

describe('Backtest data choice', () => {
  it('reads the generated history unless the trader chooses the imported candles', async () => {
    const view = renderBacktest({ 'GET /api/history/coverage': ok(coverage) });
    await screen.findByText('No backtests yet: choose a range and run one.');
    expect(screen.getByLabelText('Data')).toHaveValue('generated');
    expect(
      within(screen.getByLabelText('Data')).getByRole('option', { name: 'Generated history (simulator)' }),
    ).toBeInTheDocument();
    // The stored candles are asked for only once they are the choice.
    expect(view.requests.some((r) => r.path === '/api/history/coverage')).toBe(false);
  });

  it('with imported candles, shows what one-minute bars are stored and fills their range at a click', async () => {
    const view = renderBacktest({
      'GET /api/history/coverage': ok(coverage),
      'POST /api/backtests': ok({ ...running(0), settings: { ...running(0).settings, data: 'stored' } }),
    });
    await screen.findByText('No backtests yet: choose a range and run one.');
    fill('Data', 'stored');
    expect(
      await screen.findByText(
        'One-minute candles stored for INFY 2026-01-02 to 2026-01-30 (7,125 bars), TCS 2025-12-29 to 2026-01-09 (3,000 bars). Daily bars of 1 symbol are stored too, but a daily bar cannot drive the minute-by-minute replay.',
      ),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Use 2025-12-29 to 2026-01-30' }));
    expect(screen.getByLabelText('From')).toHaveValue('2025-12-29');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-30');
    await view.user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await screen.findByRole('progressbar', { name: 'Backtest progress' });
    expect(view.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      data: 'stored',
      from: '2025-12-29',
      to: '2026-01-30',
      symbols: [],
    });
  });

  it('says how to get one-minute candles when none are stored', async () => {
    renderBacktest({ 'GET /api/history/coverage': ok([coverage[2]]) });
    await screen.findByText('No backtests yet: choose a range and run one.');
    fill('Data', 'stored');
    expect(
      await screen.findByText(/^No one-minute candles are stored yet: import a CSV or fetch from Upstox/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });
});
