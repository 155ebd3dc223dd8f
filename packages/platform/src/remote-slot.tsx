import type { RemoteName } from '@td/contracts';
import { ErrorPanel } from '@td/ui';
import { Component, type ReactNode, useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ParcelMount } from './parcel-mount';
import { usePlatform } from './platform-context';
import type { RemoteProps } from './remote-contract';
import { useSlotLifecycles } from './remote-slot-loader';

export interface RemoteSlotProps {
  /** The remote that owns the slot's content. */
  remote: RemoteName;
  /** The module it exposes, without './' (`DataSourcesSettings` for mf-infra's `./DataSourcesSettings`). */
  module: string;
  /** What the person calls this part of the screen ("Data Sources"); named in the loading and failure panels. */
  section: string;
}

const Loading = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function SlotFailure({
  section,
  remote,
  reason,
  onRetry,
}: {
  section: string;
  remote: RemoteName;
  reason: string;
  onRetry(): void;
}) {
  return (
    <ErrorPanel
      title={`${section} is unavailable`}
      message={`This part comes from the ${remote} remote, which could not be loaded; the rest of this screen keeps working. (${reason})`}
      onRetry={onRetry}
    />
  );
}

/** Catches a throw on this side of the slot (mounting, updating), so only the slot shows it. */
class SlotBoundary extends Component<
  { section: string; remote: RemoteName; onRetry(): void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <SlotFailure
        section={this.props.section}
        remote={this.props.remote}
        reason={this.state.error.message}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

/**
 * A part of this remote's screen that another remote renders (docs/decisions/0016-remote-slot.md):
 * the module is found through the runtime registry, loaded with Module Federation and mounted as a
 * parcel, exactly like a route. Its loading, its failure and its crash stay inside the slot.
 */
export function RemoteSlot({ remote, module, section }: RemoteSlotProps) {
  const props = usePlatform();
  const { state, retry } = useSlotLifecycles(remote, module);
  const [mountError, setMountError] = useState<Error | null>(null);
  const onMountError = useCallback(
    (error: unknown) => setMountError(error instanceof Error ? error : new Error(String(error))),
    [],
  );
  const retryAll = useCallback(() => {
    setMountError(null);
    retry();
  }, [retry]);
  const version = state.status === 'ready' ? state.version : 'unknown';
  const slotProps = useMemo<RemoteProps>(() => ({ ...props, remote, version }), [props, remote, version]);

  if (state.status === 'loading') {
    return <Loading role="status">Loading {section}...</Loading>;
  }
  const failure = state.status === 'failed' ? state.error : mountError;
  if (failure) {
    return <SlotFailure section={section} remote={remote} reason={failure.message} onRetry={retryAll} />;
  }
  if (state.status !== 'ready') return null;
  return (
    <SlotBoundary section={section} remote={remote} onRetry={retryAll}>
      <ParcelMount lifecycles={state.lifecycles} props={slotProps} onError={onMountError} />
    </SlotBoundary>
  );
}
