import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen fetched as its own chunk when its route first renders (docs/decisions/0040): React.lazy
 * for a module's named export, so pages keep their named exports and a remote's first load carries
 * only the screen it opens on.
 */
export function lazyScreen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] & ComponentType<object>> {
  return lazy(async () => ({ default: (await load())[name] as M[K] & ComponentType<object> }));
}
