import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS } from '@td/api-client';
import { type RemoteEntry, type RemoteName, remoteRegistryReply } from '@td/contracts';
import { useCallback, useEffect, useState } from 'react';
import { usePlatform } from './platform-context';
import type { RemoteLifecycles } from './remote-contract';

/** The federation name each remote is built under (build/federation.ts), as the host's loader uses it. */
const federationName = (remote: RemoteName) => `mf_${remote}`;

/** Manifest URL each remote was last registered with in this bundle's federation runtime. */
const registered = new Map<RemoteName, string>();

/**
 * Points this remote's own federation runtime at another remote's manifest, as the host's loader
 * does for routes: a changed URL (a hot swap) or a retry re-registers with force, dropping the
 * cached entry so the next load fetches again.
 */
function registerSlotRemote(remote: RemoteName, entry: RemoteEntry, reload: boolean): void {
  const previous = registered.get(remote);
  if (previous === entry.manifest_url && !reload) return;
  registerRemotes([{ name: federationName(remote), entry: entry.manifest_url }], {
    force: previous !== undefined,
  });
  registered.set(remote, entry.manifest_url);
}

async function loadSlotLifecycles(remote: RemoteName, module: string): Promise<RemoteLifecycles> {
  let loaded: { default?: RemoteLifecycles } | null;
  try {
    loaded = await loadRemote<{ default?: RemoteLifecycles }>(`${federationName(remote)}/${module}`);
  } catch (error) {
    throw new Error(`The ${remote} remote could not be loaded: ${messageOf(error)}`);
  }
  const lifecycles = loaded?.default;
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    throw new Error(`The ${remote} remote does not expose ${module} as parcel lifecycles.`);
  }
  return lifecycles;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type SlotState =
  | { status: 'loading' }
  | { status: 'ready'; lifecycles: RemoteLifecycles; version: string }
  | { status: 'failed'; error: Error };

/** The runtime registry, read as the host reads it (public, polled), so a swapped remote swaps here too. */
function useRegistryEntry(remote: RemoteName) {
  const { api } = usePlatform();
  const registry = useQuery({
    queryKey: ['platform', 'registry'],
    queryFn: ({ signal }) =>
      api
        // The shell's zod-free check of the same rules: the top bar holds a slot, and zod is not on its path (0046).
        .get('/api/platform/registry', remoteRegistryReply, { anonymous: true, signal })
        .then((reply) => reply.data),
    refetchInterval: POLL_INTERVALS.registry,
  });
  const entry = registry.data?.remotes[remote];
  const problem =
    registry.isFetching || entry
      ? null
      : registry.error
        ? 'The remote registry could not be read.'
        : registry.data
          ? `The remote registry names no ${remote} remote.`
          : null;
  return { entry, problem, refetch: registry.refetch };
}

/**
 * Loads the lifecycles `remote` exposes as `module`, for the registry entry in force. `retry()`
 * asks for the registry and the module again (after the remote comes back up).
 */
export function useSlotLifecycles(remote: RemoteName, module: string) {
  const registry = useRegistryEntry(remote);
  const [state, setState] = useState<SlotState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const manifestUrl = registry.entry?.manifest_url;
  const version = registry.entry?.version;
  const registryProblem = registry.problem;
  const refetchRegistry = registry.refetch;

  useEffect(() => {
    if (!manifestUrl || !version) {
      if (registryProblem) setState({ status: 'failed', error: new Error(registryProblem) });
      return;
    }
    let cancelled = false;
    setState((previous) =>
      previous.status === 'ready' && previous.version === version ? previous : { status: 'loading' },
    );
    (async () => {
      try {
        registerSlotRemote(remote, { manifest_url: manifestUrl, version }, attempt > 0);
        const lifecycles = await loadSlotLifecycles(remote, module);
        if (!cancelled) setState({ status: 'ready', lifecycles, version });
      } catch (error) {
        if (!cancelled) setState({ status: 'failed', error: new Error(messageOf(error)) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [remote, module, manifestUrl, version, attempt, registryProblem]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
    void refetchRegistry();
  }, [refetchRegistry]);

  return { state, retry };
}
