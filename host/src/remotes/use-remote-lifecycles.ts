import type { RemoteEntry, RemoteName } from '@td/contracts';
import type { RemoteLifecycles } from '@td/platform';
import { useCallback, useEffect, useState } from 'react';
import { evaluatedLifecycles, loadRemoteLifecycles, registerRemote } from './remote-loader';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; lifecycles: RemoteLifecycles; version: string }
  | { status: 'failed'; error: Error; nextRetryMs: number | null };

const RETRY_DELAYS_MS = [2000, 4000, 8000, 16000, 30000];

/**
 * Loads a remote's lifecycles for the registry entry in force. A failure retries on its own with a
 * growing delay; `retry()` tries again at once. A new entry (a hot swap) loads the new version.
 */
export function useRemoteLifecycles(remote: RemoteName, entry: RemoteEntry | undefined) {
  // Evaluated already by the preload: mount in this render rather than after a loading round.
  const [state, setState] = useState<LoadState>(() => {
    const lifecycles = entry && evaluatedLifecycles(remote, entry.manifest_url);
    return lifecycles && entry
      ? { status: 'ready', lifecycles, version: entry.version }
      : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const manifestUrl = entry?.manifest_url;
  const version = entry?.version;

  useEffect(() => {
    if (!manifestUrl || !version) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState((previous) =>
      previous.status === 'ready' && previous.version === version ? previous : { status: 'loading' },
    );
    (async () => {
      try {
        registerRemote(remote, { manifest_url: manifestUrl, version }, attempt > 0);
        const lifecycles = await loadRemoteLifecycles(remote);
        if (!cancelled)
          setState((previous) =>
            previous.status === 'ready' && previous.lifecycles === lifecycles && previous.version === version
              ? previous
              : { status: 'ready', lifecycles, version },
          );
      } catch (error) {
        if (cancelled) return;
        const failures = attempt % (RETRY_DELAYS_MS.length + 1);
        const nextRetryMs = RETRY_DELAYS_MS[failures] ?? null;
        setState({
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
          nextRetryMs,
        });
        if (nextRetryMs !== null) timer = setTimeout(() => setAttempt((n) => n + 1), nextRetryMs);
      }
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [remote, manifestUrl, version, attempt]);

  return { state, retry };
}
