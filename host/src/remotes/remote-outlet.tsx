import { useTradingMode } from '@td/api-client';
import type { RemoteName } from '@td/contracts';
import type { PlatformSession, RemoteProps } from '@td/platform';
import { theme } from '@td/ui';
import { useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-provider';
import { useHostServices } from './host-services';
import { RemoteMount } from './remote-mount';

/** Mounts the remote that owns the current route, with its load failure and crash contained. */
export function RemoteOutlet({ remote, section }: { remote: RemoteName; section: string }) {
  const services = useHostServices();
  const entry = useSyncExternalStore(services.registry.subscribe, () => services.registry.entry(remote));
  const props = useRemoteProps(remote, entry?.version ?? 'unknown');
  return <RemoteMount remote={remote} section={section} registry={services.registry} props={props} />;
}

/** The props the host hands a remote; the diagnostics gear gives them to its RemoteSlot too. */
export function useRemoteProps(remote: RemoteName, version: string): RemoteProps {
  const services = useHostServices();
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tradingMode = useTradingMode({ enabled: auth.isAuthenticated });
  const mode = auth.isAuthenticated ? (tradingMode.data?.trading_mode ?? null) : null;

  const session = useMemo<PlatformSession>(
    () => ({
      user: auth.user,
      isAuthenticated: auth.isAuthenticated,
      getToken: () => auth.sessionToken,
      signIn: auth.login,
      signOut: auth.logout,
    }),
    [auth.user, auth.isAuthenticated, auth.sessionToken, auth.login, auth.logout],
  );
  const { pathname, search, hash } = location;
  return useMemo(
    () => ({
      remote,
      version,
      session,
      api: services.api,
      queryClient: services.queryClient,
      location: { pathname, search, hash },
      navigate: (to, options) => navigate(to, { replace: options?.replace ?? false }),
      tradingMode: mode,
      theme,
      subscribe: services.subscribe,
      notify: services.notify,
      openDiagnostics: services.openDiagnostics,
    }),
    [remote, version, session, services, pathname, search, hash, navigate, mode],
  );
}
