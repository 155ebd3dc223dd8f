import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from '../auth/auth-provider';
import { SESSION_TOKEN_KEY } from '../auth/session-token-storage';
import { renderHost, validSession } from '../test-support/render-host';
import { UserMenu } from './user-menu';

function SignedInState() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return null;
  return <p>{isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

const renderMenu = (logoutAll: { status?: number; body?: unknown }) =>
  renderHost(
    <>
      <UserMenu />
      <SignedInState />
    </>,
    { routes: { ...validSession, 'POST /api/auth/logout-all': logoutAll } },
  );

beforeEach(() => window.localStorage.setItem(SESSION_TOKEN_KEY, 'session-token'));
afterEach(() => window.localStorage.clear());

describe('User menu: sign out everywhere', () => {
  it('ends every session of the account through the API and shows this page signed out', async () => {
    const { fake } = renderMenu({
      body: {
        success: true,
        message: 'Signed out on every device. Sign in again to continue.',
        ended_sessions: 3,
      },
    });
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out Everywhere' }));

    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout-all');
    expect(fake.calls.map((call) => call.path)).not.toContain('/api/auth/logout');
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('says so and stays signed in when the server could not end the sessions', async () => {
    const { notify } = renderMenu({
      status: 503,
      body: { success: false, error: 'The database is busy; try again.', code: 'busy' },
    });
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out Everywhere' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'The database is busy; try again.'));
    expect(screen.getByText('signed in')).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('session-token');
  });
});
