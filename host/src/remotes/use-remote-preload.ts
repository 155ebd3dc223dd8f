import { useEffect } from 'react';
import { useAuth } from '../auth/auth-provider';
import { useHostServices } from './host-services';
import { preloaderFor, preloadPlan } from './remote-preload';

/**
 * Once signed in (the sign-in screen, or the session check), preloads the remotes of the page the
 * trader is on or being sent to; bootstrap already preloaded those of the page first opened.
 */
export function useRemotePreload(): void {
  const { registry } = useHostServices();
  const { isAuthenticated } = useAuth();

  useEffect(() => {
    if (!isAuthenticated) return;
    const preload = preloaderFor(registry);
    const run = () => void preload(preloadPlan(window.location.pathname, true));
    run();
    return registry.subscribe(run);
  }, [registry, isAuthenticated]);
}
