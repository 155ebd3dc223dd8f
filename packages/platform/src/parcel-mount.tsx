import { useEffect, useRef } from 'react';
import type { BareRemoteProps, RemoteLifecycles } from './remote-contract';
import { type RunningParcel, runParcel } from './run-parcel';

interface ParcelMountProps {
  lifecycles: RemoteLifecycles;
  props: BareRemoteProps;
  onError(error: unknown): void;
  className?: string;
}

/**
 * Host side of the seam: mounts a remote's parcel lifecycles in its own DOM node, hands it fresh
 * props on every render, and unmounts it (ending its timers and subscriptions) on cleanup.
 */
export function ParcelMount({ lifecycles, props, onError, className }: ParcelMountProps) {
  const element = useRef<HTMLDivElement>(null);
  const parcel = useRef<RunningParcel | null>(null);
  const latestProps = useRef(props);
  latestProps.current = props;
  const latestOnError = useRef(onError);
  latestOnError.current = onError;

  useEffect(() => {
    const domElement = element.current;
    if (!domElement) return;
    const mounted = runParcel(lifecycles, { ...latestProps.current, domElement });
    parcel.current = mounted;
    mounted.mountPromise.catch((error: unknown) => latestOnError.current(error));
    return () => {
      parcel.current = null;
      mounted.unmount().catch(() => undefined);
    };
  }, [lifecycles]);

  useEffect(() => {
    const mounted = parcel.current;
    if (!mounted || !element.current) return;
    const domElement = element.current;
    mounted.update({ ...props, domElement }).catch((error: unknown) => latestOnError.current(error));
  }, [props]);

  return <div ref={element} className={className} data-parcel={props.remote} />;
}
