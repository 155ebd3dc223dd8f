import { type Responder, renderRemote } from '@td/platform/test-support';
import { screen, waitFor } from '@testing-library/react';
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
});
