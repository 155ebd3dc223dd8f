import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { DataSourcesSettings } from './data-sources-settings';
import { integration, ok, SOURCES, source } from './settings-tabs-test-data';

function renderTab(replies: Record<string, Responder> = {}) {
  return renderRemote(<DataSourcesSettings />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: {
      'GET /api/data-sources': ok(SOURCES),
      'GET /api/upstox/integration': ok(integration()),
      'GET /api/history/coverage': ok([]),
      ...replies,
    },
  });
}

describe('Data Sources tab', () => {
  it('shows every source with its status, tags, last update and latency, and the broker card', async () => {
    renderTab();
    const custom = (await screen.findByRole('heading', { name: 'My quotes' })).closest('section')!;
    expect(within(custom).getByText('Custom')).toBeInTheDocument();
    expect(within(custom).getByText('API Key Required')).toBeInTheDocument();
    expect(within(custom).getByText('sk_live_••••••••')).toBeInTheDocument();
    expect(within(custom).getByText('42 ms')).toBeInTheDocument();
    expect(within(custom).getByRole('button', { name: 'Edit My quotes' })).toBeInTheDocument();
    expect(within(custom).queryByRole('switch')).toBeNull();
    const news = screen.getByRole('heading', { name: 'Economic Times Markets' }).closest('section')!;
    expect(within(news).getByText('Built-in')).toBeInTheDocument();
    expect(within(news).getByText('Never')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'View API' })).toHaveAttribute(
      'href',
      'https://economictimes.indiatimes.com/rss.cms',
    );
    expect(screen.getByText('abcd1234••••••••')).toBeInTheDocument();
    expect(screen.getByText(/Token valid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Token' })).toBeInTheDocument();
  });

  it('Show Active Only hides disabled sources; Show All APIs brings them back', async () => {
    const view = renderTab();
    await screen.findByRole('heading', { name: 'Economic Times Markets' });
    await view.user.click(screen.getByRole('button', { name: 'Show Active Only' }));
    expect(screen.queryByRole('heading', { name: 'Economic Times Markets' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Show All APIs' }));
    expect(screen.getByRole('heading', { name: 'Economic Times Markets' })).toBeInTheDocument();
  });

  it('toggles a built-in through the server', async () => {
    const view = renderTab({
      'POST /api/data-sources/et-markets/toggle': ok(source({ id: 'et-markets', enabled: true })),
    });
    await view.user.click(await screen.findByRole('switch', { name: 'Economic Times Markets enabled' }));
    await waitFor(() =>
      expect(view.requests.find((r) => r.path === '/api/data-sources/et-markets/toggle')?.body).toEqual({
        enabled: true,
      }),
    );
  });

  it('Refresh All refreshes every enabled source', async () => {
    const view = renderTab({
      'POST /api/data-sources/simulator/refresh': ok(SOURCES[0]),
      'POST /api/data-sources/custom-1/refresh': ok(SOURCES[2]),
    });
    await screen.findByRole('heading', { name: 'My quotes' });
    await view.user.click(screen.getByRole('button', { name: 'Refresh All' }));
    await waitFor(() => expect(view.notify).toHaveBeenCalledWith('info', 'Refreshed 2 data sources.'));
    expect(view.requests.some((r) => r.path === '/api/data-sources/et-markets/refresh')).toBe(false);
  });

  it('Test & Validate asks for an endpoint first, then reports success from the server', async () => {
    const view = renderTab({
      'POST /api/data-sources/validate': ok({ valid: true, error: null, latency: 12, status_code: 200 }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add Data Source' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Add & Integrate' })).toBeDisabled();
    await view.user.click(within(dialog).getByRole('button', { name: 'Test & Validate' }));
    expect(within(dialog).getByText('Please enter an endpoint URL first')).toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://quotes.example.com');
    await view.user.click(within(dialog).getByRole('button', { name: 'Test & Validate' }));
    expect(
      await within(dialog).findByText(/Validation successful! API is reachable and responding/),
    ).toBeInTheDocument();
  });

  it("adds a source, or shows the server's refusal as Validation failed", async () => {
    let calls = 0;
    const view = renderTab({
      'POST /api/data-sources/add': () =>
        calls++ === 0
          ? reply(422, {
              success: false,
              error:
                'Validation failed: Refused: 10.0.0.1 resolves to 10.0.0.1, a private address; data sources must be public internet addresses.',
            })
          : reply(201, { success: true, data: source({ id: 'custom-2', name: 'Macro feed', custom: true }) }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add Data Source' }));
    const dialog = await screen.findByRole('dialog');
    await view.user.type(within(dialog).getByLabelText('Name'), 'Macro feed');
    await view.user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://10.0.0.1/feed');
    await view.user.type(within(dialog).getByLabelText(/Headers/), 'X-Team: alpha');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add & Integrate' }));
    expect(await within(dialog).findByText(/^Validation failed: Refused: 10\.0\.0\.1/)).toBeInTheDocument();
    expect(view.requests.find((r) => r.path === '/api/data-sources/add')?.body).toMatchObject({
      name: 'Macro feed',
      endpoint: 'http://10.0.0.1/feed',
      type: 'Market Data API',
      headers: { 'X-Team': 'alpha' },
      enabled: true,
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Add & Integrate' }));
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith('success', 'Macro feed added and connected.'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the Fix Now banner for an expired token, and the editor trims and refuses empty input', async () => {
    const view = renderTab({
      'GET /api/upstox/integration': ok(integration({ token_state: 'expired' })),
      'POST /api/upstox/token': ok(integration({ token_state: 'valid' })),
    });
    expect(await screen.findByText(/portfolio data is showing fallback values/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Now' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Fix Now' }));
    expect(screen.queryByText(/portfolio data is showing fallback values/)).toBeNull();
    const editor = screen.getByRole('form', { name: 'Access token editor' });
    const saveButton = within(editor).getByRole('button', { name: 'Save Token' });
    await view.user.type(within(editor).getByLabelText('Upstox access token'), '   ');
    expect(saveButton).toBeDisabled();
    await view.user.type(within(editor).getByLabelText('Upstox access token'), 'tok.en.value  ');
    await view.user.click(saveButton);
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith('success', 'Access token updated successfully!'),
    );
    expect(view.requests.find((r) => r.path === '/api/upstox/token')?.body).toEqual({
      access_token: 'tok.en.value',
    });
  });

  it('says Failed to update token with the server sentence', async () => {
    const view = renderTab({
      'GET /api/upstox/integration': ok(integration({ token_state: 'missing', api_key_masked: null })),
      'POST /api/upstox/token': reply(400, { success: false, error: 'Invalid access_token: too long' }),
    });
    expect(await screen.findByText('Not configured')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Add Token' }));
    await view.user.type(screen.getByLabelText('Upstox access token'), 'x');
    await view.user.click(screen.getByRole('button', { name: 'Save Token' }));
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith(
        'error',
        'Failed to update token: Invalid access_token: too long',
      ),
    );
  });

  it('Configure Upstox Integration saves the key, secret, redirect URI and token for real', async () => {
    const view = renderTab({ 'POST /api/upstox/credentials': ok(integration()) });
    await view.user.click(await screen.findByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Upstox Integration' });
    const save = within(dialog).getByRole('button', { name: 'Save & Connect' });
    expect(save).toBeDisabled();
    await view.user.type(within(dialog).getByLabelText(/API Key/), ' my-key ');
    expect(save).toBeDisabled();
    await view.user.type(within(dialog).getByLabelText(/API Secret/), 'my-secret');
    await view.user.click(save);
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith('success', expect.stringMatching(/^Upstox credentials saved/)),
    );
    expect(view.requests.find((r) => r.path === '/api/upstox/credentials')?.body).toEqual({
      api_key: 'my-key',
      api_secret: 'my-secret',
      redirect_uri: 'http://api.test/api/upstox/callback',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the registry cannot be loaded, with Retry', async () => {
    renderTab({ 'GET /api/data-sources': reply(503, { success: false, error: 'Database is busy.' }) });
    expect(await screen.findByText('Database is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
