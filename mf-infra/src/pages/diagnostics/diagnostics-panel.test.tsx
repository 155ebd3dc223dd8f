import { NETWORK_DOWN, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createDiagnosticsLog } from './diagnostics-log';
import { DiagnosticsPanel } from './diagnostics-panel';

const HEALTH = reply(200, { success: true, status: 'ok', version: '1.0.0', uptime: 300 });
const SERVER = reply(200, {
  success: true,
  data: {
    main_server_healthy: true,
    main_server_pid: 4242,
    uptime: 300,
    supervisor: { supervised: true, restarts: 0, last_restart_at: null, last_restart_reason: null },
  },
});
const STATUS = reply(200, {
  success: true,
  data: {
    database_connected: true,
    upstox_connected: false,
    yahoo_finance_connected: false,
    data_source: 'simulator',
  },
});
const RESEARCH = reply(200, {
  success: true,
  data: {
    market_sentiment: 'Bullish',
    sentiment_basis: 'breadth',
    advancers: 30,
    decliners: 20,
    trend_direction: 'Uptrend',
    trend_basis: 'x',
    volatility_level: 'Low',
    volatility_percent: 12,
    volatility_basis: 'x',
    recommendations: [],
    strategy: 'Momentum',
    as_of: '2026-01-05T04:00:00.000Z',
    source: 'simulator',
    simulated: true,
  },
});

function renderPanel(replies: Record<string, Responder> = {}, fakeTimers = false) {
  const log = createDiagnosticsLog(() => Date.parse('2026-01-05T04:00:00Z'));
  const view = renderRemote(<DiagnosticsPanel log={log} />, {
    remote: 'infra',
    signedIn: true,
    url: '/dashboard',
    ownPaths: ['/dashboard'],
    fakeTimers,
    replies: {
      'GET /api/health': HEALTH,
      'GET /api/management/server/status': SERVER,
      'GET /api/status': STATUS,
      'GET /api/research/analysis': RESEARCH,
      ...replies,
    },
  });
  return { ...view, log };
}

const row = (id: string) => document.querySelector(`[data-service="${id}"]`) as HTMLElement;
const logText = () => screen.getByRole('list', { name: 'Diagnostics log' }).textContent ?? '';

describe('DiagnosticsPanel', () => {
  it('shows each service with the spec words, and feeds not in use as warnings', async () => {
    renderPanel();
    expect(await within(row('backend')).findByText('Backend server running')).toBeInTheDocument();
    expect(within(row('backend')).getByText('connected')).toBeInTheDocument();
    expect(within(row('backend')).getByText(/pid 4242, version 1\.0\.0, up 5 min/)).toBeInTheDocument();
    expect(within(row('upstox')).getByText('Upstox not connected')).toBeInTheDocument();
    expect(within(row('upstox')).getByText('warning')).toBeInTheDocument();
    expect(
      within(row('upstox')).getByText(/Not in use: market data comes from the market simulator/),
    ).toBeInTheDocument();
    expect(within(row('yahoo')).getByText('Yahoo Finance not connected')).toBeInTheDocument();
    expect(within(row('database')).getByText('Database connected')).toBeInTheDocument();
    expect(within(row('research')).getByText('Research service running')).toBeInTheDocument();
    expect(logText()).toMatch(/Checks done: 3 of 5 connected\./);
  });

  it("shows the supervisor's restarts of the backend: how many, when and why the last one", async () => {
    renderPanel({
      'GET /api/management/server/status': reply(200, {
        success: true,
        data: {
          main_server_healthy: true,
          main_server_pid: 4343,
          uptime: 12,
          supervisor: {
            supervised: true,
            restarts: 2,
            last_restart_at: '2026-01-05T04:00:00.000Z',
            last_restart_reason: 'crashed (signal SIGKILL)',
          },
        },
      }),
    });
    expect(
      await within(row('backend')).findByText(
        /pid 4343, version 1\.0\.0, up 5 min; 2 restarts since npm start, the last 5 Jan, 09:30 IST: crashed \(signal SIGKILL\)/,
      ),
    ).toBeInTheDocument();
  });

  it('says Cannot reach backend when nothing answers, and Backend not responding on a server error', async () => {
    const down = renderPanel({
      'GET /api/health': NETWORK_DOWN,
      'GET /api/management/server/status': NETWORK_DOWN,
      'GET /api/status': NETWORK_DOWN,
      'GET /api/research/analysis': NETWORK_DOWN,
    });
    expect(await within(row('backend')).findByText('Cannot reach backend')).toBeInTheDocument();
    expect(within(row('backend')).getByText('disconnected')).toBeInTheDocument();
    expect(within(row('database')).getByText('Status unavailable')).toBeInTheDocument();
    expect(within(row('research')).getByText('Research service not connected')).toBeInTheDocument();
    down.unmount();

    renderPanel({ 'GET /api/health': reply(500, { success: false, error: 'boom' }) });
    expect(await within(row('backend')).findByText('Backend not responding')).toBeInTheDocument();
    expect(within(row('backend')).getByText('error')).toBeInTheDocument();
  });

  it('marks the feed in use as disconnected when it is down, and research as warning on 503', async () => {
    renderPanel({
      'GET /api/status': reply(200, {
        success: true,
        data: {
          database_connected: false,
          upstox_connected: false,
          yahoo_finance_connected: true,
          data_source: 'upstox',
        },
      }),
      'GET /api/research/analysis': reply(503, { success: false, error: 'no data' }),
    });
    expect(await within(row('upstox')).findByText('disconnected')).toBeInTheDocument();
    expect(within(row('upstox')).getByText(/It is the feed in use/)).toBeInTheDocument();
    expect(within(row('yahoo')).getByText('Yahoo Finance active')).toBeInTheDocument();
    expect(within(row('database')).getByText('Database not connected')).toBeInTheDocument();
    expect(
      within(row('research')).getByText('Data source not connected - Check Upstox connection'),
    ).toBeInTheDocument();
  });

  it('Refresh Status runs the checks again; Clear empties the log', async () => {
    const view = renderPanel();
    await within(row('backend')).findByText('Backend server running');
    await view.user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await screen.findAllByText(/Checks done/);
    expect(view.requests.filter((r) => r.path === '/api/health')).toHaveLength(2);
    expect(screen.getAllByText(/Checks done/)).toHaveLength(2);
    await view.user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(logText()).toBe('Nothing logged yet.');
  });

  it('Switch to Mock Data asks the server for mock mode and says so; a refusal says it failed', async () => {
    let ok = true;
    const view = renderPanel({
      'POST /api/trading/mode': () =>
        ok
          ? reply(200, { success: true, data: { current_mode: 'mock', current_mode_label: 'Mock' } })
          : reply(409, { success: false, error: 'refused' }),
      'GET /api/trading/mode': reply(200, {
        success: true,
        data: { trading_mode: 'mock', trading_mode_label: 'Mock' },
      }),
      'GET /api/portfolio/overview': NETWORK_DOWN,
    });
    await within(row('backend')).findByText('Backend server running');
    await view.user.click(screen.getByRole('button', { name: 'Switch to Mock Data' }));
    expect(await screen.findByText('Switched to mock data mode')).toBeInTheDocument();
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({ mode: 'mock' });
    expect(view.notify).toHaveBeenCalledWith('success', 'Switched to mock data mode');
    ok = false;
    await view.user.click(screen.getByRole('button', { name: 'Switch to Mock Data' }));
    expect(await screen.findByText('Failed to switch to mock data: refused')).toBeInTheDocument();
    expect(view.notify).toHaveBeenCalledWith('error', 'Failed to switch to mock data');
  });

  it('asks before restarting, and Cancel calls nothing', async () => {
    const view = renderPanel();
    await within(row('backend')).findByText('Backend server running');
    await view.user.click(screen.getByRole('button', { name: 'Restart Backend' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm restart' });
    expect(confirm).toHaveTextContent('This will restart the backend server. Continue?');
    await view.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(view.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  describe('restart', () => {
    beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-01-05T04:00:00Z') }));
    afterEach(() => jest.useRealTimers());

    it('polls health every 2 s until the new server answers, then reruns the checks 1 s later', async () => {
      let phase: 'old' | 'down' | 'new' = 'old';
      const view = renderPanel(
        {
          'POST /api/management/server/restart': reply(200, {
            success: true,
            message: 'Backend restart initiated. Please wait 10 seconds.',
            data: { kind: 'graceful', drains_requests: true },
          }),
          'GET /api/health': () =>
            phase === 'down'
              ? NETWORK_DOWN
              : reply(200, {
                  success: true,
                  status: 'ok',
                  version: '1.0.0',
                  uptime: phase === 'old' ? 300 : 1,
                }),
        },
        true,
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      await view.user.click(screen.getByRole('button', { name: 'Restart Backend' }));
      await view.user.click(screen.getByRole('button', { name: 'Restart' }));
      expect(
        await screen.findByText('Backend restart initiated. Please wait 10 seconds.'),
      ).toBeInTheDocument();
      // Still the old process while it drains: not taken for the new one.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2_000);
      });
      expect(within(row('backend')).getByText(/check 1 of 20/)).toBeInTheDocument();
      phase = 'down';
      await act(async () => {
        await jest.advanceTimersByTimeAsync(4_000);
      });
      expect(within(row('backend')).getByText(/check 3 of 20/)).toBeInTheDocument();
      phase = 'new';
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2_000);
      });
      expect(logText()).toMatch(/Backend is back \(check 4 of 20\)/);
      const healthCalls = () => view.requests.filter((r) => r.path === '/api/health').length;
      const before = healthCalls();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      expect(healthCalls()).toBe(before + 1); // the checks ran again
      expect(view.notify).toHaveBeenCalledWith('success', 'The backend restarted and answers again.');
      expect(await within(row('backend')).findByText('Backend server running')).toBeInTheDocument();
    });

    it('uses the fallback restart when the restart call fails, and says so when both fail', async () => {
      const view = renderPanel(
        {
          'POST /api/management/server/restart': reply(500, { success: false, error: 'broken' }),
          'POST /api/admin/restart': NETWORK_DOWN,
        },
        true,
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      await view.user.click(screen.getByRole('button', { name: 'Restart Backend' }));
      // fireEvent inside one act: the restart's first replies land inside it too.
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(view.requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/admin/restart');
      expect(logText()).toMatch(/trying the fallback restart/);
      expect(logText()).toMatch(/Failed to restart backend\. You may need to restart it manually via SSH\./);
      expect(view.notify).toHaveBeenCalledWith(
        'error',
        'Failed to restart backend. You may need to restart it manually via SSH.',
      );
    });

    it("shows the server's sentence when it refuses (too soon) and does not try the fallback", async () => {
      const view = renderPanel(
        {
          'POST /api/management/server/restart': reply(429, {
            success: false,
            error: 'The server was restarted moments ago; wait 18 s before restarting it again.',
          }),
        },
        true,
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      await view.user.click(screen.getByRole('button', { name: 'Restart Backend' }));
      // fireEvent inside one act: the restart's first replies land inside it too.
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(logText()).toMatch(/Restart refused: The server was restarted moments ago; wait 18 s/);
      expect(view.requests.some((r) => r.path === '/api/admin/restart')).toBe(false);
    });
  });
});
