import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@td/contracts';
import { type PreloadPlan, preloadPlan } from './preload-plan';
import type { RegistryStore } from './registry-store';
import { federationName, loadRemoteLifecycles, registerRemote } from './remote-loader';

/**
 * Starts fetching the remotes of `plan` from their manifests (remote entry and the `app` expose's
 * chunks in parallel) as soon as the registry names them, instead of when the route renders after
 * the session check; `next` waits for `now`, so it never competes with the page being opened.
 * A `now` remote is also evaluated (`evaluate`): its lifecycles are ready while the session check
 * runs, so the route mounts it in its first render (docs/decisions/0046).
 * Each remote is preloaded once per manifest URL; a failure is left for the route's own load to
 * report, with its fallback and retry.
 */
export function createRemotePreloader(
  registry: RegistryStore,
  preload = preloadRemote,
  evaluate: (remote: RemoteName) => Promise<unknown> = loadRemoteLifecycles,
) {
  const done = new Set<string>();
  const one = (remote: RemoteName, now: boolean): Promise<void> => {
    const entry = registry.entry(remote);
    if (!entry || done.has(entry.manifest_url)) return Promise.resolve();
    done.add(entry.manifest_url);
    return (async () => {
      registerRemote(remote, entry);
      await preload([{ nameOrAlias: federationName(remote), exposes: ['app'] }]);
      if (now) await evaluate(remote);
    })().catch(() => undefined);
  };
  return async (plan: PreloadPlan): Promise<void> => {
    await Promise.all(plan.now.map((remote) => one(remote, true)));
    await Promise.all(plan.next.map((remote) => one(remote, false)));
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

export { type PreloadPlan, preloadPlan };
