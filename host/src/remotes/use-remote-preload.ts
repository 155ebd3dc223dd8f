import { useEffect, useMemo } from 'react';
import { useAuth } from '../auth/auth-provider';
import { sessionTokenStorage } from '../auth/session-token-storage';
import { useHostServices } from './host-services';
import { createRemotePreloader, preloadPlan } from './remote-preload';

/**
 * Preloads the remotes of the page being opened as soon as the registry answers, in parallel with
 * the session check, and again on sign-in. While the session is being checked a stored token
 * counts as signed in: it almost always is, and a wrong guess costs one unused download.
 */
export function useRemotePreload(): void {
  const { registry } = useHostServices();
  const { isLoading, isAuthenticated } = useAuth();
  const preload = useMemo(() => createRemotePreloader(registry), [registry]);
  const signedIn = isLoading ? sessionTokenStorage.read() !== null : isAuthenticated;

  useEffect(() => {
    const run = () => void preload(preloadPlan(window.location.pathname, signedIn));
    run();
    return registry.subscribe(run);
  }, [registry, preload, signedIn]);
}
