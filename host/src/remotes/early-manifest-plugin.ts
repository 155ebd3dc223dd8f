import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest } from './early-remote';

/**
 * The runtime's manifest fetch answers from the request index.ts started before bootstrap
 * (early-remote.ts) when it asked for the same URL; any other manifest is fetched as usual.
 */
export default function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'td-early-manifest',
    fetch: (url: string, init: RequestInit) => {
      const early = takeEarlyManifest(url);
      if (!early) return undefined;
      return early.then(
        (text) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
        () => fetch(url, init),
      );
    },
  };
}
