import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@td/contracts';
import { SCREENS } from '../routes/route-table';
import type { RegistryStore } from './registry-store';
import { federationName, registerRemote } from './remote-loader';

/** Which remotes a page needs: `now` for what it renders first, `next` for where it leads. */
export interface PreloadPlan {
  now: RemoteName[];
  next: RemoteName[];
}

/**
 * The remotes to fetch for `pathname` before the route renders. Signed out, every guarded route
 * shows sign-in (mf-auth) and only that: the screen behind it is preloaded once the trader is signed
 * in (useRemotePreload), so the sign-in page stays within its own first-load budget on a phone
 * (docs/decisions/0040). Signed in, /login redirects to the dashboard, and a path no screen owns
 * falls back to it too (app-router.tsx).
 */
export function preloadPlan(pathname: string, signedIn: boolean): PreloadPlan {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = SCREENS.find((s) => s.path === path)?.remote ?? 'trading';
  if (!signedIn) return { now: ['auth'], next: [] };
  return { now: [path === '/login' ? 'trading' : screen], next: [] };
}

/**
 * Starts fetching the remotes of `plan` from their manifests (remote entry and the `app` expose's
 * chunks in parallel) as soon as the registry names them, instead of when the route renders after
 * the session check; `next` waits for `now`, so it never competes with the page being opened.
 * Each remote is preloaded once per manifest URL; a failure is left for the route's own load to
 * report, with its fallback and retry.
 */
export function createRemotePreloader(registry: RegistryStore, preload = preloadRemote) {
  const done = new Set<string>();
  const one = (remote: RemoteName): Promise<void> => {
    const entry = registry.entry(remote);
    if (!entry || done.has(entry.manifest_url)) return Promise.resolve();
    done.add(entry.manifest_url);
    return (async () => {
      registerRemote(remote, entry);
      await preload([{ nameOrAlias: federationName(remote), exposes: ['app'] }]);
    })().catch(() => undefined);
  };
  return async (plan: PreloadPlan): Promise<void> => {
    await Promise.all(plan.now.map(one));
    await Promise.all(plan.next.map(one));
  };
}

const preloaders = new WeakMap<RegistryStore, (plan: PreloadPlan) => Promise<void>>();

/** One preloader per registry, so bootstrap and the shell share what was already preloaded. */
export function preloaderFor(registry: RegistryStore): (plan: PreloadPlan) => Promise<void> {
  let preloader = preloaders.get(registry);
  if (!preloader) {
    preloader = createRemotePreloader(registry);
    preloaders.set(registry, preloader);
  }
  return preloader;
}

/**
 * Called in bootstrap before React renders: its listener is the registry's first, so the manifest
 * is asked for as soon as the registry answers, before the shell's render takes the main thread.
 * A stored session token counts as signed in; the session check runs meanwhile.
 */
export function preloadOnStart(registry: RegistryStore, pathname: string, signedIn: boolean): void {
  const preload = preloaderFor(registry);
  const run = () => void preload(preloadPlan(pathname, signedIn));
  run();
  registry.subscribe(run);
}
