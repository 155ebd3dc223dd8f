import type { User } from '@td/contracts';
import type { BareRemoteProps, NavigateOptions, PlatformSession } from '@td/platform';
import { GlobalStyle, theme } from '@td/ui';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ThemeProvider } from 'styled-components';
import { RemoteMount } from '../remotes/remote-mount';
import { currentLocation, keepOnSignInPath } from './sign-in-location';
import type { SignInServices } from './sign-in-services';

interface Props {
  services: SignInServices;
  /** mf-auth signed the trader in: the host stores the session and swaps in the signed-in shell. */
  onSignedIn(token: string, user: User): void;
  /** The registry's mf-auth predates the bare contract: the host starts the full shell's /login. */
  onNeedsFullShell(): void;
}

/**
 * The signed-out page: the theme and mf-auth's sign-in page, nothing else. No router (the page
 * navigates through window.history), no query cache, no toasts, so none of them is downloaded before
 * the trader signs in (docs/decisions/0053).
 */
export function SignInShell({ services, onSignedIn, onNeedsFullShell }: Props) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPopState = () => {
      keepOnSignInPath();
      setLocation(currentLocation());
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback((to: string, options?: NavigateOptions) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setLocation(currentLocation());
  }, []);
  const session = useMemo<PlatformSession>(
    () => ({
      user: null,
      isAuthenticated: false,
      getToken: () => null,
      signIn: onSignedIn,
      signOut: async () => undefined,
    }),
    [onSignedIn],
  );
  const { registry, api } = services;
  const version = useSyncExternalStore(registry.subscribe, () => registry.entry('auth')?.version);
  const props = useMemo<BareRemoteProps>(
    () => ({ remote: 'auth', version: version ?? 'unknown', session, api, location, navigate, theme }),
    [version, session, api, location, navigate],
  );
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <RemoteMount
        remote="auth"
        section="Sign-in"
        registry={registry}
        props={props}
        onNotBare={onNeedsFullShell}
      />
    </ThemeProvider>
  );
}
