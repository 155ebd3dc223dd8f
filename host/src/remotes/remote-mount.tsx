import type { RemoteName } from '@td/contracts';
import { type BareRemoteProps, ParcelMount } from '@td/platform';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { RegistryStore } from './registry-store';
import { RemoteBoundary } from './remote-boundary';
import { RemoteFallback } from './remote-fallback';
import { useRemoteLifecycles } from './use-remote-lifecycles';

interface Props {
  remote: RemoteName;
  section: string;
  registry: RegistryStore;
  /** RemoteProps in the signed-in shell; the signed-out sign-in page hands the bare ones (0053). */
  props: BareRemoteProps;
  /**
   * Given where only BareRemoteProps are handed (the signed-out page): called instead of mounting
   * lifecycles that do not declare they need no more (an older build rolled back to), for the host
   * to start the full shell instead (docs/decisions/0053).
   */
  onNotBare?(): void;
}

/**
 * Mounts the version of `remote` the registry names, with its load failure and crash contained.
 * No router or query cache here: the signed-out sign-in page mounts mf-auth through this too.
 */
export function RemoteMount({ remote, section, registry, props, onNotBare }: Props) {
  const entry = useSyncExternalStore(registry.subscribe, () => registry.entry(remote));
  const registryError = useSyncExternalStore(registry.subscribe, registry.lastError);
  const { state, retry } = useRemoteLifecycles(remote, entry);
  const [mountError, setMountError] = useState<Error | null>(null);
  const onMountError = useCallback(
    (error: unknown) => setMountError(error instanceof Error ? error : new Error(String(error))),
    [],
  );
  const notBare = Boolean(onNotBare) && state.status === 'ready' && !state.lifecycles.mountsWithBareProps;
  useEffect(() => {
    if (notBare) onNotBare?.();
  }, [notBare, onNotBare]);
  const retryAll = useCallback(() => {
    setMountError(null);
    retry();
  }, [retry]);

  if (!entry) {
    return registryError ? (
      <RemoteFallback
        section={section}
        reason="The remote registry could not be read."
        onRetry={() => void registry.refresh()}
      />
    ) : (
      <RemoteFallback.Loading section={section} />
    );
  }
  if (state.status === 'loading') return <RemoteFallback.Loading section={section} />;
  if (state.status === 'failed') {
    return (
      <RemoteFallback
        section={section}
        reason={state.error.message}
        nextRetryMs={state.nextRetryMs}
        onRetry={retry}
      />
    );
  }
  if (notBare) return <RemoteFallback.Loading section={section} />;
  if (mountError) return <RemoteFallback section={section} reason={mountError.message} onRetry={retryAll} />;
  return (
    <RemoteBoundary section={section} onRetry={retryAll} key={`${remote}@${state.version}`}>
      <ParcelMount lifecycles={state.lifecycles} props={props} onError={onMountError} />
    </RemoteBoundary>
  );
}
