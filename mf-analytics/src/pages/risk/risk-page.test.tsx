import { NETWORK_DOWN, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ALERTS,
  alert,
  HALT,
  HALTED,
  LIMITS,
  METRICS,
  metrics,
  ok,
  POSITIONS,
  renderRisk,
  STOP,
  TRADING,
} from './risk-test-data';

const tile = (name: string) => screen.getByRole('group', { name });

describe('Risk Management', () => {
  it('shows the overview figures from the risk engine, with the account and the price source named', async () => {
    renderRisk();
    expect(await screen.findByText('-₹12,345')).toBeInTheDocument();
    expect(tile('VaR 95%')).toHaveTextContent(
      '-₹12,345historical 1-day, 3.00% · parametric -₹11,020 (2.67%) · 59 sessions',
    );
    expect(tile('Beta')).toHaveTextContent('1.12against NIFTY 50');
    expect(tile('Max Drawdown (30-day)')).toHaveTextContent('-4.98%-₹50,400');
    expect(tile('Sharpe Ratio (3-month)')).toHaveTextContent('1.87annualised, 6 Oct 2025 – 5 Jan 2026');
    expect(tile('Portfolio Return')).toHaveTextContent('+1.23%+₹12,346');
    expect(tile('Volatility')).toHaveTextContent('18.40%');
    expect(tile('ML Risk Score')).toHaveTextContent('0.52medium risk');
    expect(tile('Diversification Score')).toHaveTextContent('0.41');
    const stress = within(screen.getByRole('list', { name: 'Stress tests' })).getAllByRole('listitem');
    expect(stress.map((row) => row.textContent)).toEqual([
      'NIFTY 50 falls 10%-₹46,300',
      'NIFTY 50 falls 20%-₹92,600',
      'NIFTY 50 falls 30%-₹1,38,900',
    ]);
    expect(screen.getByTestId('risk-source')).toHaveTextContent(
      'Source: Paper account, as of 09:30 ISTSimulated prices',
    );
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText('Risk Management System Offline')).not.toBeInTheDocument();
  });

  it('keeps the last good figures with their age when the risk system goes offline, and recovers on Retry', async () => {
    let metricsCalls = 0;
    const view = renderRisk({
      [METRICS]: () => {
        metricsCalls += 1;
        return metricsCalls === 2
          ? reply(503, { success: false, error: 'The market engine has no prices yet.' })
          : ok(metrics);
      },
    });
    await screen.findByText('-₹12,345');
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));

    const banner = (await screen.findByText('Risk Management System Offline')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(banner).toHaveTextContent('Unable to connect to risk management system');
    expect(banner).toHaveTextContent('Failed to fetch risk metrics: The market engine has no prices yet.');
    expect(banner).toHaveTextContent(
      /Using cached risk data: the figures below are from \d{2}:\d{2} IST, \d+ s old\./,
    );
    expect(tile('VaR 95%')).toHaveTextContent('-₹12,345');
    expect(screen.getByText('Offline')).toBeInTheDocument();

    await view.user.click(within(banner).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Risk Management System Offline')).not.toBeInTheDocument());
    expect(metricsCalls).toBe(3);
  });

  it('shows dashes and no cached-data alert when the risk system never answered', async () => {
    renderRisk({
      [METRICS]: NETWORK_DOWN,
      [POSITIONS]: NETWORK_DOWN,
      [LIMITS]: NETWORK_DOWN,
      [ALERTS]: NETWORK_DOWN,
    });
    expect(await screen.findByText('Risk Management System Offline')).toBeInTheDocument();
    expect(screen.getByText(/Unable to connect to risk management system/)).toBeInTheDocument();
    expect(screen.queryByText(/Using cached risk data/)).not.toBeInTheDocument();
    for (const name of ['VaR 95%', 'Beta', 'Sharpe Ratio (3-month)', 'ML Risk Score'])
      expect(tile(name)).toHaveTextContent('—');
    expect(screen.getByText(/Failed to fetch position risk data/)).toBeInTheDocument();
  });

  it('says why figures are missing instead of inventing them when there are no positions', async () => {
    const none = {
      ...metrics,
      positions_value: 0,
      positions_count: 0,
      volatility: null,
      var_95: {
        historical_rupees: null,
        historical_pct: null,
        parametric_rupees: null,
        parametric_pct: null,
        sessions: 0,
      },
      beta: null,
      diversification_score: null,
      ml_risk_score: null,
      risk_level: null,
      stress_test: { scenario_1: null, scenario_2: null, scenario_3: null },
      note: 'No open positions: there is nothing at risk to measure.',
    };
    renderRisk({ [METRICS]: ok(none) });
    expect(
      await screen.findByText('No open positions: there is nothing at risk to measure.'),
    ).toBeInTheDocument();
    expect(tile('VaR 95%')).toHaveTextContent('—not computable yet: see the note above');
    expect(tile('Beta')).toHaveTextContent('—');
    expect(tile('ML Risk Score')).toHaveTextContent('—level unavailable');
    const stress = within(screen.getByRole('list', { name: 'Stress tests' })).getAllByRole('listitem');
    expect(stress.map((row) => row.textContent)).toEqual([
      'NIFTY 50 falls 10%—',
      'NIFTY 50 falls 20%—',
      'NIFTY 50 falls 30%—',
    ]);
  });

  it('shows each position with its recommendation and the rule that chose it', async () => {
    const view = renderRisk();
    await view.user.click(await screen.findByRole('tab', { name: 'Positions' }));
    const table = await screen.findByRole('table', { name: 'Position risk' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(
      'RELIANCE₹1,30,000+₹5,000 (+4.00%)22.1%31.6%0.980.48 medium₹1,246₹1,390reduce',
    );
    expect(screen.getByRole('list', { name: 'Recommendation rules' })).toHaveTextContent(
      'reduce: 31.6 % of the positions is above the 25 % single-stock limit',
    );
  });

  it('lists alerts by severity with the suggested action, and acknowledges one', async () => {
    let acknowledged = false;
    const view = renderRisk({
      [ALERTS]: () => ok([{ ...alert, acknowledged_at: acknowledged ? '2026-01-05T04:05:00.000Z' : null }]),
      'POST /api/risk/alerts/7/acknowledge': () => {
        acknowledged = true;
        return reply(200, { success: true });
      },
    });
    await view.user.click(await screen.findByRole('tab', { name: 'Alerts (1)' }));
    const item = screen.getByRole('listitem', { name: /^high alert: NIFTY 50 fell 3.4 %/ });
    expect(item).toHaveTextContent('highAction required5 Jan, 09:30 IST');
    expect(item).toHaveTextContent('Suggested action: Check the market, then resume trading');
    await view.user.click(within(item).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(item).findByText('Acknowledged 5 Jan, 09:35 IST')).toBeInTheDocument();
    expect(view.requests.filter((r) => r.path === '/api/risk/alerts/7/acknowledge')).toHaveLength(1);
  });

  it('counts only open alerts as unacknowledged: a resolved halt alert asks for nothing', async () => {
    const halt = {
      ...alert,
      id: '8',
      kind: 'halt' as const,
      subject: 'trading',
      message: 'Trading is halted (Emergency Stop by trader@example.com).',
      resolved_at: '2026-01-05T04:20:00.000Z',
    };
    const view = renderRisk({ [ALERTS]: () => ok([alert, halt]) });
    await view.user.click(await screen.findByRole('tab', { name: 'Alerts (1)' }));
    expect(screen.getByRole('region', { name: 'Risk alerts (1 unacknowledged)' })).toBeInTheDocument();
    const resolved = screen.getByRole('listitem', { name: /^high alert: Trading is halted/ });
    expect(resolved).toHaveTextContent('Resolved 5 Jan, 09:50 IST');
    expect(within(resolved).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('says exactly what Emergency Stop will do and sends the reason and the close-positions choice', async () => {
    let halted = false;
    const view = renderRisk({
      [STOP]: () => {
        halted = true;
        return ok(HALTED);
      },
      [HALT]: () => ok(halted ? HALTED : TRADING),
    });
    await screen.findByText('-₹12,345');
    await view.user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = screen.getByRole('dialog', { name: 'Emergency Stop' });
    expect(
      await within(dialog).findByText(
        'Halts the automated trading loop, cancels 3 pending orders, refuses every new order until you resume.',
      ),
    ).toBeInTheDocument();
    const closeAll = within(dialog).getByRole('checkbox', {
      name: 'Also close all positions at market (2 positions)',
    });

    await view.user.click(within(dialog).getByRole('button', { name: 'Stop all trading' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why you are stopping trading');
    expect(view.requests.some((r) => r.path === '/api/risk/emergency-stop')).toBe(false);

    await view.user.type(
      within(dialog).getByLabelText('Reason (recorded with the halt)'),
      'Feed looks wrong',
    );
    await view.user.click(closeAll);
    await view.user.click(within(dialog).getByRole('button', { name: 'Stop all trading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.requests.find((r) => r.path === '/api/risk/emergency-stop')?.body).toEqual({
      reason: 'Feed looks wrong',
      close_positions: true,
    });
    expect(view.notify).toHaveBeenCalledWith(
      'success',
      'Trading halted: 3 pending orders cancelled, 2 positions closed.',
    );
    expect(screen.getByRole('button', { name: 'Emergency Stop All' })).toBeDisabled();
  });

  it("shows the server's sentence in the dialog when the stop is refused", async () => {
    const view = renderRisk({
      [STOP]: reply(409, { success: false, error: 'Trading is already halted since 09:30 IST.' }),
    });
    await screen.findByText('-₹12,345');
    await view.user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = screen.getByRole('dialog', { name: 'Emergency Stop' });
    await view.user.type(within(dialog).getByLabelText('Reason (recorded with the halt)'), 'Test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Stop all trading' }));
    expect(await within(dialog).findByText('Trading is already halted since 09:30 IST.')).toBeInTheDocument();
  });
});
