import { loadRemote } from '@module-federation/enhanced/runtime';
import { createRemoteLifecycles } from '@td/platform';
import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, cleanup, screen, within } from '@testing-library/react';
import {
  aiRecommendationFixture,
  allocationSettingsFixture,
  dailyAmountFixture,
} from '../allocation/allocation-test-data';
import { SettingsPage } from './settings-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

const ok = (data: unknown) => reply(200, { success: true, data });
const registry = ok({
  updated_at: '2026-01-05T04:00:00.000Z',
  remotes: { infra: { manifest_url: 'http://cdn.test/mf-infra/1.0.0/mf-manifest.json', version: '1.0.0' } },
});

function renderSettings(url = '/settings', replies: Record<string, Responder> = {}) {
  return renderRemote(<SettingsPage />, {
    url,
    ownPaths: ['/settings'],
    remote: 'analytics',
    signedIn: true,
    replies: {
      'GET /api/allocation/settings': ok(allocationSettingsFixture()),
      'GET /api/allocation/daily-amount': reply(200, { success: true, ...dailyAmountFixture }),
      'GET /api/allocation/ai-recommendation': reply(200, { success: true, ...aiRecommendationFixture }),
      'GET /api/platform/registry': registry,
      'GET /api/settings/notifications': ok({
        email: null,
        breaker_trip: true,
        daily_loss: true,
        ml_confidence: false,
      }),
      'POST /api/settings/notifications': (body) => ok(body),
      'GET /api/auth/second-factor': reply(200, { success: true, enabled: false, recovery_codes_left: 0 }),
      ...replies,
    },
  });
}

function InfraDataSources() {
  return <p>Data Sources panel served by mf-infra</p>;
}

describe('Settings', () => {
  // Before the library's own cleanup: a parcel unmounts a few promise turns after its host, inside act.
  afterEach(async () => {
    await act(async () => {
      cleanup();
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    jest.clearAllMocks();
  });

  it('lists the six tabs in order and opens on Daily Allocation', async () => {
    renderSettings();
    const tabs = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Daily Allocation',
      'Risk Management',
      'Notifications',
      'Profile',
      'Data Sources',
      'Connectivity',
    ]);
    expect(await screen.findByRole('radiogroup', { name: 'Allocation strategy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
  });

  it('mounts the Data Sources tab from mf-infra at runtime', async () => {
    mockedLoadRemote.mockResolvedValue({ default: createRemoteLifecycles(InfraDataSources, 'Data Sources') });
    const view = renderSettings();
    await view.user.click(screen.getByRole('tab', { name: 'Data Sources' }));
    expect(await screen.findByText('Data Sources panel served by mf-infra')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_infra/DataSourcesSettings');
    expect(view.navigate).toHaveBeenLastCalledWith('/settings?tab=data-sources', { replace: true });
  });

  it('shows only the Data Sources tab as unavailable when mf-infra is down; the other tabs keep working', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('Failed to load mf-manifest.json'));
    const view = renderSettings('/settings?tab=data-sources');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Data Sources is unavailable');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(
      await screen.findByRole('switch', { name: 'A circuit breaker trips and halts trading' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Daily Allocation' }));
    expect(await screen.findByRole('radiogroup', { name: 'Allocation strategy' })).toBeInTheDocument();
  });

  it('saves the alert e-mail switches and the address', async () => {
    const view = renderSettings('/settings?tab=notifications');
    await view.user.click(
      await screen.findByRole('switch', { name: 'A circuit breaker trips and halts trading' }),
    );
    await view.user.type(screen.getByLabelText('Send alerts to'), 'alerts@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    const saved = view.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/settings/notifications',
    );
    expect(saved?.body).toEqual({
      email: 'alerts@example.com',
      breaker_trip: false,
      daily_loss: true,
      ml_confidence: false,
    });
  });

  it('refuses a malformed alert address without posting it', async () => {
    const view = renderSettings('/settings?tab=notifications');
    await view.user.type(await screen.findByLabelText('Send alerts to'), 'not-an-address');
    await view.user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText(/Enter a valid e-mail address/)).toBeInTheDocument();
    expect(view.requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('Settings → Profile', () => {
  afterEach(async () => {
    await act(async () => {
      cleanup();
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
  });

  const fill = async (
    view: ReturnType<typeof renderSettings>,
    current: string,
    next: string,
    confirm = next,
  ) => {
    await view.user.type(screen.getByLabelText('Current password'), current);
    await view.user.type(screen.getByLabelText('New password'), next);
    await view.user.type(screen.getByLabelText('Confirm new password'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it("shows the signed-in trader's name and e-mail, read-only", () => {
    renderSettings('/settings?tab=profile');
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('NameTrader');
    expect(profile).toHaveTextContent('E-mailtrader@example.com');
    expect(within(profile).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong current password", async () => {
    const view = renderSettings('/settings?tab=profile', {
      'POST /api/auth/change-password': reply(403, {
        success: false,
        error: 'Your current password is not correct.',
        code: 'wrong_current_password',
      }),
    });
    await fill(view, 'Wrong-Password-1', 'Brand-New-Secret-77');
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(view.requests.find((request) => request.path === '/api/auth/change-password')?.body).toEqual({
      current_password: 'Wrong-Password-1',
      new_password: 'Brand-New-Secret-77',
    });
  });

  it('refuses a weak or mismatched new password before asking the server', async () => {
    const view = renderSettings('/settings?tab=profile');
    await fill(view, 'Correct-Horse-42-Battery', 'short');
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeInTheDocument();
    await view.user.clear(screen.getByLabelText('New password'));
    await view.user.clear(screen.getByLabelText('Confirm new password'));
    await view.user.type(screen.getByLabelText('New password'), 'Brand-New-Secret-77');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'Brand-New-Secret-78');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(view.requests.some((request) => request.path === '/api/auth/change-password')).toBe(false);
  });

  it('changes the password and clears the form', async () => {
    const view = renderSettings('/settings?tab=profile', {
      'POST /api/auth/change-password': reply(200, {
        success: true,
        message: 'Password changed. Every other signed-in session was signed out.',
        ended_sessions: 1,
      }),
    });
    await fill(view, 'Correct-Horse-42-Battery', 'Brand-New-Secret-77');
    expect(
      await screen.findByText('Password changed. Every other signed-in session was signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
