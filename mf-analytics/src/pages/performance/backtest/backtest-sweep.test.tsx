import type { BacktestSweep, SweepResult } from '@td/contracts';
import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BacktestSweepSection } from './backtest-sweep';
import { fitSentence } from './backtest-sweep-table';

const ok = (data: unknown) => reply(200, { success: true, data });

const settings: BacktestSweep['settings'] = {
  from: '2026-11-02',
  to: '2026-11-20',
  symbols: [],
  data: 'generated',
  capital: 1_000_000,
  allocation_strategy: 'moderate',
  product: 'I',
  brokerage_plan: 'flat',
  signals: 'rules',
  news: true,
  grid: { target_pct: [2, 3] },
  in_sample_share: 0.7,
};

const result: SweepResult = {
  in_sample: { from: '2026-11-02', to: '2026-11-13', sessions: 10 },
  out_of_sample: { from: '2026-11-16', to: '2026-11-20', sessions: 5 },
  interval_level: 0.975,
  combinations: [
    {
      parameters: { target_pct: 3 },
      out_of_sample: {
        net_pnl: -800,
        charges: 290,
        orders: 10,
        session_pnl: [900, -1_500, 600, -1_200, 400],
        mean_session_pnl: -160,
        interval: [-1_640.1, 1_320.1],
        within_noise: true,
      },
      in_sample: { net_pnl: 45_000, charges: 640, orders: 22 },
      fitted: true,
    },
    {
      parameters: { target_pct: 2 },
      out_of_sample: {
        net_pnl: 2_500,
        charges: 310.5,
        orders: 12,
        session_pnl: [400, 600, 500, 450, 550],
        mean_session_pnl: 500,
        interval: [402.3, 597.7],
        within_noise: false,
      },
      in_sample: { net_pnl: 1_200, charges: 600, orders: 20 },
      fitted: false,
    },
  ],
};

const sweep = (extra: Partial<BacktestSweep>): BacktestSweep => ({
  id: 'sweep-1',
  status: 'complete',
  created_at: '2026-11-26T10:00:00.000Z',
  finished_at: '2026-11-26T10:05:00.000Z',
  settings,
  progress: { combinations_done: 2, combinations: 2, bars_done: 6_000, total_bars: 6_000, percent: 100 },
  error: null,
  ...extra,
});

const listed = (s: BacktestSweep) => {
  const { result: _result, ...rest } = s;
  return rest;
};

function renderSweep(replies: Record<string, Responder>) {
  return renderRemote(<BacktestSweepSection />, { remote: 'analytics', signedIn: true, replies });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Parameter sweep', () => {
  it('leads with out-of-sample net P&L, marks noise, and says what the in-sample fit chose', async () => {
    const done = sweep({ result });
    renderSweep({
      'GET /api/backtests/sweeps': ok({ sweeps: [listed(done)] }),
      'GET /api/backtests/sweeps/sweep-1': ok(done),
    });
    expect(
      await screen.findByText(
        'Fitted on 2026-11-02 to 2026-11-13 (10 sessions), the sweep would choose target 3 %: out of sample, 2026-11-16 to 2026-11-20 (5 sessions), it made -₹800 after charges, within noise.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Combinations: the in-sample pick first, then by out-of-sample net P&L',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('Out-of-sample net P&L after charges');
    expect(headers.at(-1)).toBe('in-sample (fitted on)');
    expect(headers).toContain('Per held-out session (97.5% interval)');
    const rows = within(table).getAllByRole('row').slice(1);
    // The in-sample pick, best in sample by far, sits first however it did held out: here within noise.
    expect(within(rows[0]!).getByText('-₹800')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Within noise')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('In-sample pick')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+₹45,000')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+₹2,500')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Gain beyond noise')).toBeInTheDocument();
    expect(
      screen.getByText(/Picking the best held-out row is itself fitting, on the held-out sessions/),
    ).toBeInTheDocument();
    expect(screen.getByText(/corrected for the 2 combinations tried/)).toBeInTheDocument();
  });

  it('says no combination was chosen when every one made the same in-sample P&L, badging none', async () => {
    const flat = {
      ...result,
      combinations: result.combinations.map((row) => ({
        ...row,
        in_sample: { net_pnl: 0, charges: 0, orders: 0 },
        fitted: false,
      })),
    };
    const done = sweep({ result: flat });
    renderSweep({
      'GET /api/backtests/sweeps': ok({ sweeps: [listed(done)] }),
      'GET /api/backtests/sweeps/sweep-1': ok(done),
    });
    expect(
      await screen.findByText(
        'No combination was chosen: every combination made the same in-sample net P&L (as when none traded), so fitting on 2026-11-02 to 2026-11-13 had nothing to choose between.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('In-sample pick')).not.toBeInTheDocument();
  });

  it('checks the values with the server schema, refusing a grid over 50 combinations and sending nothing', async () => {
    const view = renderSweep({ 'GET /api/backtests/sweeps': ok({ sweeps: [] }) });
    fill('Sweep from', '2026-11-02');
    fill('Sweep to', '2026-11-20');
    fill('Minimum confidence values', '0.5, 0.6, 0.7, 0.8');
    fill('Target % values', '1, 2, 3, 4');
    fill('Maximum hold values (minutes)', '30 60 90 120');
    fill('Stop-loss % values', '0');
    await view.user.click(screen.getByRole('button', { name: 'Start sweep' }));
    expect(screen.getByText('stop_loss_pct must be at least 0.01 %')).toBeInTheDocument();
    expect(screen.getByLabelText('Stop-loss % values')).toHaveAttribute('aria-invalid', 'true');
    fill('Stop-loss % values', '');
    await view.user.click(screen.getByRole('button', { name: 'Start sweep' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The grid makes 64 combinations (4 × 4 × 4): a sweep tries at most 50, so drop some values.',
    );
    expect(view.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('starts a sweep with the lists as numbers, shows combinations done, and cancels it', async () => {
    const running = sweep({
      status: 'running',
      finished_at: null,
      progress: { combinations_done: 1, combinations: 4, bars_done: 3_000, total_bars: 12_000, percent: 25 },
      result: null,
    });
    const cancelled = sweep({ ...running, status: 'cancelled', finished_at: '2026-11-26T10:01:00.000Z' });
    let current = running;
    const view = renderSweep({
      'GET /api/backtests/sweeps': () => ok({ sweeps: [] }),
      'POST /api/backtests/sweeps': reply(202, { success: true, data: running }),
      'GET /api/backtests/sweeps/sweep-1': () => ok(current),
      'POST /api/backtests/sweeps/sweep-1/cancel': () => {
        current = cancelled;
        return ok(cancelled);
      },
    });
    fill('Sweep from', '2026-11-02');
    fill('Sweep to', '2026-11-20');
    fill('Share of sessions fitted on', '0.6');
    fill('Target % values', '2, 3');
    fill('Allocation strategies', 'moderate, Aggressive');
    await view.user.selectOptions(screen.getByLabelText('Sweep data'), 'Imported / fetched candles');
    await view.user.click(screen.getByRole('button', { name: 'Start sweep' }));
    expect(await screen.findByText(/1 of 4 combinations · 3,000 of 12,000 bars/)).toBeInTheDocument();
    const posted = view.requests.find((r) => r.method === 'POST');
    expect(posted?.body).toMatchObject({
      data: 'stored',
      from: '2026-11-02',
      to: '2026-11-20',
      capital: 1_000_000,
      in_sample_share: 0.6,
      grid: { target_pct: [2, 3], allocation_strategy: ['moderate', 'aggressive'] },
    });
    await view.user.click(screen.getByRole('button', { name: 'Cancel sweep' }));
    expect(
      await screen.findByText('Stopped after 1 of 4 combinations: a cancelled sweep keeps no result.'),
    ).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses a sweep", async () => {
    const view = renderSweep({
      'GET /api/backtests/sweeps': ok({ sweeps: [] }),
      'POST /api/backtests/sweeps': reply(409, {
        success: false,
        error: 'A backtest is already running: wait for it to finish or cancel it first.',
      }),
    });
    fill('Sweep from', '2026-11-02');
    fill('Sweep to', '2026-11-20');
    fill('Target % values', '2, 3');
    await view.user.click(screen.getByRole('button', { name: 'Start sweep' }));
    expect(
      await screen.findByText('A backtest is already running: wait for it to finish or cancel it first.'),
    ).toBeInTheDocument();
  });
});

describe('Past sweeps', () => {
  it('lists the sweeps with what each varied, and shows an earlier one on request', async () => {
    const latest = sweep({ id: 'sweep-2', status: 'cancelled', result: null });
    const earlier = sweep({
      settings: { ...settings, grid: { target_pct: [2, 3], min_confidence: [0.6, 0.7] } },
      result,
    });
    const view = renderSweep({
      'GET /api/backtests/sweeps': ok({ sweeps: [listed(latest), listed(earlier)] }),
      'GET /api/backtests/sweeps/sweep-2': ok(latest),
      'GET /api/backtests/sweeps/sweep-1': ok(earlier),
    });
    expect(await screen.findByText('Sweep cancelled')).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Past sweeps' });
    expect(within(list).getByText('confidence 0.6, 0.7 × target % 2, 3')).toBeInTheDocument();
    await view.user.click(within(list).getByRole('button', { name: 'Show sweep #1' }));
    expect(
      await screen.findByRole('table', {
        name: 'Combinations: the in-sample pick first, then by out-of-sample net P&L',
      }),
    ).toBeInTheDocument();
  });
});

describe('Past sweeps while another runs', () => {
  it('frees the form once a sweep running while an older one is shown ends, without a reload', async () => {
    const runningElsewhere = sweep({ id: 'sweep-2', status: 'running', finished_at: null, result: null });
    const ended = sweep({ id: 'sweep-2', status: 'failed', error: 'The server stopped.', result: null });
    const earlier = sweep({ result });
    let listCalls = 0;
    const view = renderSweep({
      'GET /api/backtests/sweeps': () => {
        listCalls++;
        // Running for the first two looks at the list, then ended.
        return ok({ sweeps: [listed(listCalls <= 2 ? runningElsewhere : ended), listed(earlier)] });
      },
      'GET /api/backtests/sweeps/sweep-2': ok(runningElsewhere),
      'GET /api/backtests/sweeps/sweep-1': ok(earlier),
    });
    const list = await screen.findByRole('table', { name: 'Past sweeps' });
    await view.user.click(within(list).getByRole('button', { name: 'Show sweep #1' }));
    await screen.findByRole('table', {
      name: 'Combinations: the in-sample pick first, then by out-of-sample net P&L',
    });
    expect(screen.getByRole('button', { name: 'Start sweep' })).toBeDisabled();
    // Only the list tells this screen the other sweep ended: it is polled while it lists one running.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start sweep' })).toBeEnabled(), {
      timeout: 5_000,
    });
    expect(listCalls).toBeGreaterThanOrEqual(3);
  });
});

describe('fitSentence', () => {
  it('says when the in-sample pick held up beyond noise out of sample', () => {
    const [lucky, steady] = result.combinations as [
      SweepResult['combinations'][0],
      SweepResult['combinations'][0],
    ];
    const heldUp = {
      ...result,
      combinations: [
        { ...steady, fitted: true },
        { ...lucky, fitted: false },
      ],
    };
    expect(fitSentence(heldUp)).toBe(
      'Fitted on 2026-11-02 to 2026-11-13 (10 sessions), the sweep would choose target 2 %: out of sample, 2026-11-16 to 2026-11-20 (5 sessions), it made +₹2,500 after charges, a gain beyond noise.',
    );
  });
});
