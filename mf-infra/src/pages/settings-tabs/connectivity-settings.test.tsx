import { type Responder, renderRemote } from '@td/platform/test-support';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConnectivitySettings } from './connectivity-settings';
import { integration, ok } from './settings-tabs-test-data';

const status = (overrides: object = {}) => ({
  connected: false,
  mode: null,
  status: 'disconnected',
  last_sync: null,
  message: 'No Upstox session: connect your Upstox account.',
  configured: true,
  auth_url: '/api/upstox/connect',
  ...overrides,
});

const EXPIRED =
  'Your Upstox session expired at 03:30 IST. Live trading stopped: sign in to Upstox again (Settings → Connectivity → Connect Upstox), then switch to live.';

const tradingMode = (overrides: object = {}) => ({
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  live_available: true,
  live_unavailable_reason: null,
  // 03:30 IST on 6 January 2026.
  live_allowed_until: '2026-01-05T22:00:00.000Z',
  ...overrides,
});

const staticIp = {
  address: '122.181.101.247',
  secondary_address: null,
  source: 'upstox',
  checked_at: '2026-01-05T04:00:00.000Z',
  configured_address: null,
  changed_from: null,
  configured_mismatch: false,
  note: null,
};

function renderTab(replies: Record<string, Responder> = {}) {
  return renderRemote(<ConnectivitySettings />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: {
      'GET /api/upstox/status': ok(status()),
      'GET /api/upstox/integration': ok(integration({ token_state: 'expiring' })),
      'GET /api/trading/mode': ok(tradingMode()),
      'GET /api/upstox/static-ip': ok(staticIp),
      'GET /api/settings/algo-id': ok({ algo_id: 'GENERIC', generic: true }),
      ...replies,
    },
  });
}

describe('Connectivity tab', () => {
  it('shows the Upstox status and connects through the OAuth flow', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const view = renderTab({
      'POST /api/upstox/connect': ok({
        auth_url: 'https://api.upstox.com/v2/login/authorization/dialog?x=1',
      }),
    });
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(await screen.findByText('Expiring soon')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Connect Upstox' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://api.upstox.com/v2/login/authorization/dialog?x=1',
        '_blank',
        'noopener,noreferrer',
      ),
    );
    open.mockRestore();
  });

  it('shows a connected account with its last sync, and disconnects it', async () => {
    const view = renderTab({
      'GET /api/upstox/status': ok(
        status({
          connected: true,
          mode: 'full',
          last_sync: '2026-01-05T04:00:00.000Z',
          message: 'Upstox connected',
        }),
      ),
      'POST /api/upstox/disconnect': ok(integration({ token_state: 'missing' })),
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Upstox connected')).toBeInTheDocument();
    expect(screen.queryByText('Never')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith('success', expect.stringMatching(/^Upstox disconnected/)),
    );
  });

  it('asks for credentials first when Upstox is not configured', async () => {
    renderTab({ 'GET /api/upstox/status': ok(status({ configured: false })) });
    expect(await screen.findByText('Not configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Upstox' })).toBeDisabled();
  });

  it('says until when the Upstox session allows live trading', async () => {
    renderTab();
    expect(
      await screen.findByText('Live trading allowed until 03:30 IST (Upstox session)'),
    ).toBeInTheDocument();
    expect(await screen.findByText('122.181.101.247')).toBeInTheDocument();
  });

  it('says to sign in to Upstox again once the session ended', async () => {
    renderTab({
      'GET /api/trading/mode': ok(
        tradingMode({ live_available: false, live_allowed_until: null, live_unavailable_reason: EXPIRED }),
      ),
    });
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.queryByText(/Live trading allowed until/)).toBeNull();
  });

  it('points at the Status row rather than repeat its sentence', async () => {
    renderTab({
      'GET /api/upstox/status': ok(status({ message: EXPIRED })),
      'GET /api/trading/mode': ok(
        tradingMode({ live_available: false, live_allowed_until: null, live_unavailable_reason: EXPIRED }),
      ),
    });
    expect(await screen.findByText('Not allowed: see Status')).toBeInTheDocument();
    expect(screen.getAllByText(EXPIRED)).toHaveLength(1);
  });

  it('shows the generic algo ID and saves the exchange-assigned one', async () => {
    const view = renderTab({
      'POST /api/settings/algo-id': (body) =>
        ok({ algo_id: (body as { algo_id: string }).algo_id, generic: false }),
    });
    const field = await screen.findByLabelText('Algo ID');
    expect(field).toHaveValue('GENERIC');
    expect(screen.getByText("Broker's generic ID")).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '24719' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save algo ID' }));
    expect(await screen.findByText('Exchange-assigned')).toBeInTheDocument();
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({ algo_id: '24719' });
  });

  it('says what an algo ID may hold instead of sending one the Upstox tag cannot carry', async () => {
    renderTab();
    const field = await screen.findByLabelText('Algo ID');
    fireEvent.change(field, { target: { value: 'ALGO-1' } });
    expect(screen.getByRole('alert')).toHaveTextContent('letters and digits only, 1 to 12 of them');
    expect(screen.getByRole('button', { name: 'Save algo ID' })).toBeDisabled();
  });
});
