import { loadRemote } from '@module-federation/enhanced/runtime';
import { ApiClient } from '@td/api-client';
import { createBareRemoteLifecycles, type RemoteLifecycles, useBarePlatform } from '@td/platform';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegistryStore } from '../remotes/registry-store';
import { createFakeApi } from '../test-support/fake-api';
import { registryReplyWith } from '../test-support/replies';
import { keepOnSignInPath } from './sign-in-location';
import { SignInShell } from './sign-in-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const USER = { email: 'trader@example.com', name: 'Asha' };

/** Stands in for mf-auth's page: shows where it is, signs in and navigates as the real one does. */
function FakeSignInPage() {
  const { location, session, navigate, version } = useBarePlatform();
  return (
    <div>
      <p>
        Sign-in page {version} at {location.pathname}
        {location.search}
      </p>
      <button
        type="button"
        onClick={() => {
          session.signIn('new-token', USER);
          navigate('/dashboard', { replace: true });
        }}
      >
        Sign In
      </button>
    </div>
  );
}

async function renderShell(
  path: string,
  lifecycles: RemoteLifecycles = createBareRemoteLifecycles(FakeSignInPage, 'Sign-in'),
) {
  window.history.replaceState(null, '', path);
  const fake = createFakeApi({
    'GET /api/platform/registry': registryReplyWith('auth'),
  });
  const api = new ApiClient({ baseUrl: 'http://api.test', getToken: () => null, fetchImpl: fake.fetchImpl });
  const registry = new RegistryStore(api, 60_000);
  const onSignedIn = jest.fn();
  const onNeedsFullShell = jest.fn();
  jest.mocked(loadRemote).mockResolvedValue({ default: lifecycles });
  const view = render(
    <SignInShell services={{ api, registry }} onSignedIn={onSignedIn} onNeedsFullShell={onNeedsFullShell} />,
  );
  await act(() => registry.refresh());
  return { ...view, onSignedIn, onNeedsFullShell, fake };
}

/** Unmounting a parcel finishes after React's own cleanup: let it, inside act. */
async function unmountShell(unmount: () => void) {
  await act(async () => {
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the signed-out sign-in page', () => {
  it('mounts mf-auth from the registry at /login, keeping an emailed setup link in the address', async () => {
    const { unmount, onNeedsFullShell } = await renderShell('/login?setup_token=abc');
    expect(await screen.findByText('Sign-in page 1.0.0 at /login?setup_token=abc')).toBeInTheDocument();
    expect(onNeedsFullShell).not.toHaveBeenCalled();
    await unmountShell(unmount);
  });

  it('shows sign-in at /login for a signed-out visit of a guarded page, and of that page again after Back', async () => {
    window.history.replaceState(null, '', '/dashboard');
    keepOnSignInPath();
    const { unmount } = await renderShell(window.location.pathname);
    expect(await screen.findByText('Sign-in page 1.0.0 at /login')).toBeInTheDocument();

    await act(async () => {
      window.history.pushState(null, '', '/portfolio');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(window.location.pathname).toBe('/login');
    await unmountShell(unmount);
  });

  it('hands the session to the host and moves the address to where mf-auth sends the trader', async () => {
    const { onSignedIn, unmount } = await renderShell('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(onSignedIn).toHaveBeenCalledWith('new-token', USER);
    expect(window.location.pathname).toBe('/dashboard');
    await unmountShell(unmount);
  });

  it('asks nothing of the server but the registry before the trader signs in', async () => {
    const { fake, unmount } = await renderShell('/login');
    await screen.findByText('Sign-in page 1.0.0 at /login');
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/platform/registry']);
    await unmountShell(unmount);
  });

  it('hands over to the full shell, mounting nothing, when the registry names an mf-auth from before the bare contract', async () => {
    // An older build's lifecycles: parcel functions without the bare marker; it would wrap a query cache.
    const older: RemoteLifecycles = {
      bootstrap: jest.fn(async () => undefined),
      mount: jest.fn(async () => undefined),
      unmount: jest.fn(async () => undefined),
    };
    const { onNeedsFullShell, unmount } = await renderShell('/login', older);
    await waitFor(() => expect(onNeedsFullShell).toHaveBeenCalledTimes(1));
    expect(older.mount).not.toHaveBeenCalled();
    expect(screen.getByText('Loading Sign-in...')).toBeInTheDocument();
    await unmountShell(unmount);
  });
});
