import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PerformancePage } from '../performance-page';
import { analytics, returns } from '../performance-test-data';
import { backtestResult, backtestRun, listed, running } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => ({
  __esModule: true,
  default: (props: { label: string; points: { date: string; equity: number }[] }) =>
    require('react').createElement('div', {
      role: 'img',
      'aria-label': props.label,
      'data-points': props.points.map((p) => `${p.date}:${p.equity}`).join(' '),
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
      from: '2026-11-16',
      to: '2026-11-20',
      symbols: ['INFY', 'TCS'],
      capital: 1_000_000,
      allocation_strategy: 'moderate',
      stop_loss_pct: 1.5,
      product: 'D',
      brokerage_plan: 'flat',
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
    expect(await screen.findByRole('img', { name: 'Equity curve and drawdown, 3 sessions' })).toHaveAttribute(
      'data-points',
      '2026-11-16:1004000 2026-11-17:998000 2026-11-18:1012345.6',
    );
    // The fall from ₹10,04,000 to ₹9,98,000.
    expect(figures).toHaveTextContent('Max Drawdown-0.60%');
    expect(
      within(screen.getByRole('table', { name: 'Backtest orders' })).getByText('INFY'),
    ).toBeInTheDocument();
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
  });
});
