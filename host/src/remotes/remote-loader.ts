import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from '@td/contracts';
import type { RemoteLifecycles, RemoteModule } from '@td/platform';

/** The federation name each remote is built under (packages/platform/build/federation.ts). */
export const federationName = (remote: RemoteName) => `mf_${remote}`;

const registered = new Map<RemoteName, string>();
/** Lifecycles already evaluated, per remote, with the manifest they came from. */
const evaluated = new Map<RemoteName, { manifestUrl: string; lifecycles: RemoteLifecycles }>();

/**
 * Points the federation runtime at a remote's manifest. A changed URL re-registers with force, which
 * drops the old entry and its cached modules, so the next load fetches the new version; `reload`
 * does the same for a retry after a failed load, which the runtime would otherwise remember.
 */
export function registerRemote(remote: RemoteName, entry: RemoteEntry, reload = false): void {
  const previous = registered.get(remote);
  if (previous === entry.manifest_url && !reload) return;
  registerRemotes([{ name: federationName(remote), entry: entry.manifest_url }], {
    force: previous !== undefined,
  });
  registered.set(remote, entry.manifest_url);
  evaluated.delete(remote);
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(
      `The ${remote} section could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'RemoteLoadError';
  }
}

/**
 * The lifecycles of `remote` when they were already evaluated from `manifestUrl` (the preload does
 * so for the page being opened): the route can mount them in its first render, without a round of
 * loading state.
 */
export function evaluatedLifecycles(remote: RemoteName, manifestUrl: string): RemoteLifecycles | undefined {
  const found = evaluated.get(remote);
  return found?.manifestUrl === manifestUrl ? found.lifecycles : undefined;
}

export async function loadRemoteLifecycles(remote: RemoteName): Promise<RemoteLifecycles> {
  const manifestUrl = registered.get(remote);
  let loaded: RemoteModule | null;
  try {
    loaded = await loadRemote<RemoteModule>(`${federationName(remote)}/app`);
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
  const lifecycles = loaded?.default;
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    throw new RemoteLoadError(remote, new Error('it does not expose parcel lifecycles'));
  }
  performance.mark?.(`td:${remote}-evaluated`);
  // A registration that changed meanwhile (a hot swap) makes these lifecycles the old version's.
  if (manifestUrl && registered.get(remote) === manifestUrl)
    evaluated.set(remote, { manifestUrl, lifecycles });
  return lifecycles;
}
