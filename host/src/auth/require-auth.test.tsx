import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderHost, validSession } from '../test-support/render-host';
import { useAuth } from './auth-provider';
import { RedirectIfAuthenticated, RequireAuth } from './require-auth';
import { SESSION_TOKEN_KEY } from './session-token-storage';

function Screens() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <RedirectIfAuthenticated>
            <p>Sign-in screen</p>
          </RedirectIfAuthenticated>
        }
      />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <p>Dashboard screen</p>
          </RequireAuth>
        }
      />
      <Route
        path="/portfolio"
        element={
          <RequireAuth>
            <SignOutButton />
          </RequireAuth>
        }
      />
    </Routes>
  );
}

function SignOutButton() {
  const { logout, user } = useAuth();
  return (
    <button type="button" onClick={() => void logout()}>
      Sign out {user?.email}
    </button>
  );
}

beforeEach(() => window.localStorage.clear());

describe('guarded routes', () => {
  it('sends a visitor without a session to the sign-in screen', async () => {
    renderHost(<Screens />, { path: '/dashboard' });
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
  });

  it("shows 'Loading...' while a stored session is checked, then the page", async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'stored-token');
    const { fake } = renderHost(<Screens />, { path: '/dashboard', routes: validSession });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(fake.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/validate-session' });
  });

  it('renders the page at once, without Loading or a second check, for a session bootstrap confirmed', () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'checked-token');
    const known = { token: 'checked-token', user: { email: 'trader@example.com', name: 'Asha' } };
    const { fake } = renderHost(<Screens />, { path: '/dashboard', known });
    expect(screen.getByText('Dashboard screen')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('removes a stored token the server rejects and shows sign-in', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'expired-token');
    renderHost(<Screens />, {
      path: '/dashboard',
      routes: {
        'POST /api/auth/validate-session': { status: 401, body: { success: false, error: 'expired' } },
      },
    });
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });

  it('removes the token when the check fails on the network too', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'token');
    renderHost(<Screens />, {
      path: '/dashboard',
      routes: { 'POST /api/auth/validate-session': new TypeError('offline') },
    });
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });

  it('sends a signed-in visitor of /login to /dashboard', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'stored-token');
    renderHost(<Screens />, { path: '/login', routes: validSession });
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });

  it('signs out locally even when the logout call fails', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'stored-token');
    renderHost(<Screens />, {
      path: '/portfolio',
      routes: { ...validSession, 'POST /api/auth/logout': new TypeError('offline') },
    });
    await userEvent.click(await screen.findByRole('button', { name: /sign out trader@example.com/i }));
    await waitFor(() => expect(screen.getByText('Sign-in screen')).toBeInTheDocument());
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });
});
