import { act, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { startSignIn } from './sign-in-bootstrap';
import type { SignInServices } from './sign-in-services';

const USER = { email: 'trader@example.com', name: 'Asha' };

/** The page's callbacks, as the real SignInShell would call them once mf-auth acts. */
let shell: { onSignedIn(token: string, user: typeof USER): void; onNeedsFullShell(): void };
jest.mock('./sign-in-shell', () => ({
  SignInShell: (props: typeof shell) => {
    shell = props;
    return <p>Redirecting...</p>;
  },
}));
jest.mock('../remotes/remote-preload', () => ({ preloadOnStart: jest.fn() }));

const mockShowFullSignIn = jest.fn();
let signedInStartFails = false;
jest.mock('../signed-in-start', () => {
  if (signedInStartFails) throw new Error('Loading chunk signed-in-start failed.');
  return { showSignedInShell: jest.fn(), showFullSignIn: mockShowFullSignIn };
});

function start() {
  document.body.innerHTML = '<div id="root"></div>';
  const services = { api: {}, registry: { start: jest.fn() } } as unknown as SignInServices;
  const root = createRoot(document.getElementById('root')!);
  act(() => startSignIn(root, services));
  return { root, services };
}

describe('startSignIn', () => {
  beforeEach(() => {
    jest.resetModules();
    window.localStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('replaces "Redirecting" with a Retry when the signed-in shell cannot be downloaded', async () => {
    signedInStartFails = true;
    start();
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await act(async () => shell.onSignedIn('new-token', USER));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Loading chunk signed-in-start failed.'),
    );
    expect(screen.queryByText('Redirecting...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("starts the full shell's sign-in route on the same root and services for an mf-auth without the bare contract", async () => {
    signedInStartFails = false;
    const { root, services } = start();
    await act(async () => shell.onNeedsFullShell());
    await waitFor(() => expect(mockShowFullSignIn).toHaveBeenCalledWith(root, services));
    act(() => root.unmount());
  });
});
