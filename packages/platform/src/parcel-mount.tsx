import { useEffect, useRef } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import type { BareRemoteProps, RemoteLifecycles } from './remote-contract';

interface ParcelMountProps {
  lifecycles: RemoteLifecycles;
  props: BareRemoteProps;
  onError(error: unknown): void;
  className?: string;
}

/**
 * Host side of the seam: mounts a remote's lifecycles as a single-spa parcel in its own DOM node,
 * hands it fresh props on every render, and unmounts it (ending its timers and subscriptions) on cleanup.
 */
export function ParcelMount({ lifecycles, props, onError, className }: ParcelMountProps) {
  const element = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const latestProps = useRef(props);
  latestProps.current = props;
  const latestOnError = useRef(onError);
  latestOnError.current = onError;

  useEffect(() => {
    const domElement = element.current;
    if (!domElement) return;
    const mounted = mountRootParcel(lifecycles as never, { ...latestProps.current, domElement } as never);
    parcel.current = mounted;
    mounted.mountPromise.catch((error: unknown) => latestOnError.current(error));
    return () => {
      parcel.current = null;
      const unmount = () => (mounted.getStatus() === 'MOUNTED' ? mounted.unmount() : Promise.resolve(null));
      mounted.mountPromise.then(unmount, () => undefined).catch(() => undefined);
    };
  }, [lifecycles]);

  useEffect(() => {
    const mounted = parcel.current;
    if (!mounted?.update || !element.current) return;
    const domElement = element.current;
    mounted.mountPromise
      .then(() =>
        mounted.getStatus() === 'MOUNTED' ? mounted.update?.({ ...props, domElement } as never) : null,
      )
      .catch((error: unknown) => latestOnError.current(error));
  }, [props]);

  return <div ref={element} className={className} data-parcel={props.remote} />;
}
