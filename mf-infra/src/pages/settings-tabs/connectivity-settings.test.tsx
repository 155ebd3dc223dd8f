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

function renderTab(replies: Record<string, Responder> = {}) {
  return renderRemote(<ConnectivitySettings />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: {
      'GET /api/upstox/status': ok(status()),
      'GET /api/upstox/integration': ok(integration({ token_state: 'expiring' })),
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
});
