import { useTradingMode } from '@td/api-client';
import type { RemoteName } from '@td/contracts';
import { ParcelMount, type PlatformSession, type RemoteProps } from '@td/platform';
import { theme } from '@td/ui';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-provider';
import { useHostServices } from './host-services';
import { RemoteBoundary } from './remote-boundary';
import { RemoteFallback } from './remote-fallback';
import { useRemoteLifecycles } from './use-remote-lifecycles';

/** Mounts the remote that owns the current route, with its load failure and crash contained. */
export function RemoteOutlet({ remote, section }: { remote: RemoteName; section: string }) {
  const services = useHostServices();
  const entry = useSyncExternalStore(services.registry.subscribe, () => services.registry.entry(remote));
  const registryError = useSyncExternalStore(services.registry.subscribe, services.registry.lastError);
  const { state, retry } = useRemoteLifecycles(remote, entry);
  const [mountError, setMountError] = useState<Error | null>(null);
  const props = useRemoteProps(remote, entry?.version ?? 'unknown');
  const onMountError = useCallback(
    (error: unknown) => setMountError(error instanceof Error ? error : new Error(String(error))),
    [],
  );
  const retryAll = useCallback(() => {
    setMountError(null);
    retry();
  }, [retry]);

  if (!entry) {
    return registryError ? (
      <RemoteFallback
        section={section}
        reason="The remote registry could not be read."
        onRetry={() => void services.registry.refresh()}
      />
    ) : (
      <RemoteFallback.Loading section={section} />
    );
  }
  if (state.status === 'loading') return <RemoteFallback.Loading section={section} />;
  if (state.status === 'failed') {
    return (
      <RemoteFallback
        section={section}
        reason={state.error.message}
        nextRetryMs={state.nextRetryMs}
        onRetry={retry}
      />
    );
  }
  if (mountError) return <RemoteFallback section={section} reason={mountError.message} onRetry={retryAll} />;
  return (
    <RemoteBoundary section={section} onRetry={retryAll} key={`${remote}@${state.version}`}>
      <ParcelMount lifecycles={state.lifecycles} props={props} onError={onMountError} />
    </RemoteBoundary>
  );
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
