import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLifecycles } from '@td/platform';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHostServices } from '../host-services-factory';
import { renderHost, validSession } from '../test-support/render-host';
import { registryReplyWith } from '../test-support/replies';
import { DiagnosticsGear } from './diagnostics-gear';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

const routes = {
  ...validSession,
  'GET /api/trading/mode': {
    body: { success: true, data: { trading_mode: 'mock', trading_mode_label: 'Mock' } },
  },
  'GET /api/platform/registry': registryReplyWith('infra'),
};

beforeEach(() => {
  window.localStorage.setItem('trading-dashboard.session-token', 'token');
  jest.mocked(registerRemotes).mockClear();
  mockedLoadRemote.mockReset();
});

describe('DiagnosticsGear', () => {
  // Before the library's own cleanup: a parcel unmounts a few promise turns after its host, inside act.
  afterEach(async () => {
    await act(async () => {
      cleanup();
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
  });

  it("opens the modal with mf-infra's Diagnostics from the gear, and closes it", async () => {
    mockedLoadRemote.mockResolvedValue({
      default: createRemoteLifecycles(() => <p>Service status from infra</p>, 'Diagnostics'),
    });
    renderHost(<DiagnosticsGear />, { routes });
    await userEvent.click(screen.getByRole('button', { name: 'System diagnostics' }));
    const dialog = screen.getByRole('dialog', { name: 'System Diagnostics & Control' });
    expect(await within(dialog).findByText('Service status from infra')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_infra/Diagnostics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The parcel unmounts its own root a moment later.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  });

  it("opens on a remote's openDiagnostics (Fix Connection)", async () => {
    mockedLoadRemote.mockResolvedValue({
      default: createRemoteLifecycles(() => <p>Service status from infra</p>, 'Diagnostics'),
    });
    renderHost(<DiagnosticsGear />, { routes });
    const services = createHostServices({ apiUrl: 'http://api.test', registryPollMs: 60_000 });
    act(() => services.openDiagnostics());
    expect(await screen.findByText('Service status from infra')).toBeInTheDocument();
  });

  it('says Diagnostics is unavailable inside the modal when mf-infra cannot be loaded', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('manifest fetch failed'));
    renderHost(<DiagnosticsGear />, { routes });
    await userEvent.click(screen.getByRole('button', { name: 'System diagnostics' }));
    const dialog = screen.getByRole('dialog', { name: 'System Diagnostics & Control' });
    expect(await within(dialog).findByText('Diagnostics is unavailable')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/comes from the infra remote, which could not be loaded/),
    ).toBeInTheDocument();
  });
});
