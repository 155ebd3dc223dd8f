import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from '@td/contracts';
import type { RemoteLifecycles, RemoteModule } from '@td/platform';

/** The federation name each remote is built under (packages/platform/build/federation.ts). */
export const federationName = (remote: RemoteName) => `mf_${remote}`;

const registered = new Map<RemoteName, string>();

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

export async function loadRemoteLifecycles(remote: RemoteName): Promise<RemoteLifecycles> {
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
  return lifecycles;
}
