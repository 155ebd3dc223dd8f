import type { RemoteName } from '@td/contracts';
import { type BareRemoteProps, ParcelMount } from '@td/platform';
import { useCallback, useState, useSyncExternalStore } from 'react';
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
}

/**
 * Mounts the version of `remote` the registry names, with its load failure and crash contained.
 * No router or query cache here: the signed-out sign-in page mounts mf-auth through this too.
 */
export function RemoteMount({ remote, section, registry, props }: Props) {
  const entry = useSyncExternalStore(registry.subscribe, () => registry.entry(remote));
  const registryError = useSyncExternalStore(registry.subscribe, registry.lastError);
  const { state, retry } = useRemoteLifecycles(remote, entry);
  const [mountError, setMountError] = useState<Error | null>(null);
  const onMountError = useCallback(
    (error: unknown) => setMountError(error instanceof Error ? error : new Error(String(error))),
    [],
  );
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
  if (mountError) return <RemoteFallback section={section} reason={mountError.message} onRetry={retryAll} />;
  return (
    <RemoteBoundary section={section} onRetry={retryAll} key={`${remote}@${state.version}`}>
      <ParcelMount lifecycles={state.lifecycles} props={props} onError={onMountError} />
    </RemoteBoundary>
  );
}
