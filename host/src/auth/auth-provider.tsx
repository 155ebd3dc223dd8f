import { useQueryClient } from '@tanstack/react-query';
import { authApi, useApiClient } from '@td/api-client';
import type { User } from '@td/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { KnownSession } from './first-render-session';
import { takeSessionCheck } from './session-check';
import { sessionTokenStorage } from './session-token-storage';

export interface AuthState {
  user: User | null;
  sessionToken: string | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export interface AuthContextValue extends AuthState {
  login(token: string, user: User): void;
  logout(): Promise<void>;
  /** Ends every session of the account, on every device. Rejects, still signed in, if the server did not. */
  logoutEverywhere(): Promise<void>;
  /** The server said the session is gone (a 401): forget it locally without calling the server. */
  expire(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const signedOut: AuthState = { user: null, sessionToken: null, isLoading: false, isAuthenticated: false };

const signedInAs = ({ token, user }: KnownSession): AuthState => ({
  user,
  sessionToken: token,
  isLoading: false,
  isAuthenticated: true,
});

/**
 * spec part 1 §4 "Session start", "Login" and "Logout". `known`: the session bootstrap already knows
 * is good (checked before the first render, or just signed in on the sign-in page), so the first
 * render is signed in and the server is not asked again (docs/decisions/0053).
 */
export function AuthProvider({ children, known }: { children: ReactNode; known?: KnownSession }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    known ? signedInAs(known) : { ...signedOut, isLoading: true },
  );
  const [decidedAtStart] = useState(known !== undefined);

  useEffect(() => {
    if (decidedAtStart) return;
    const token = sessionTokenStorage.read();
    if (!token) {
      setState(signedOut);
      return;
    }
    let cancelled = false;
    takeSessionCheck(api, token)
      .then((reply) => {
        performance.mark?.('td:session-checked');
        if (!cancelled) setState(signedInAs({ token, user: reply.user }));
      })
      .catch(() => {
        // Any validation error removes the token (spec part 1 §4).
        sessionTokenStorage.clear();
        if (!cancelled) setState(signedOut);
      });
    return () => {
      cancelled = true;
    };
  }, [api, decidedAtStart]);

  const login = useCallback((token: string, user: User) => {
    sessionTokenStorage.write(token);
    setState(signedInAs({ token, user }));
  }, []);

  const expire = useCallback(() => {
    sessionTokenStorage.clear();
    queryClient.clear();
    setState(signedOut);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await authApi.logout(api);
    } catch {
      // A failed logout call still logs out locally.
    } finally {
      expire();
    }
  }, [api, expire]);

  const logoutEverywhere = useCallback(async () => {
    // Unlike logout, a failure must show: the other devices would still be signed in.
    await authApi.logoutEverywhere(api);
    expire();
  }, [api, expire]);

  const value = useMemo(
    () => ({ ...state, login, logout, logoutEverywhere, expire }),
    [state, login, logout, logoutEverywhere, expire],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an <AuthProvider>.');
  return value;
}
