import type { RemoteLifecycles } from './remote-contract';

export type ParcelStatus = 'MOUNTING' | 'MOUNTED' | 'UNMOUNTING' | 'UNMOUNTED' | 'BROKEN';

export interface RunningParcel {
  /** Settles once the remote is mounted; rejects with what its bootstrap or mount threw. */
  mountPromise: Promise<void>;
  getStatus(): ParcelStatus;
  /** New props, after the mount and any update before them; skipped unless mounted. */
  update(props: object): Promise<unknown>;
  /** After the mount and pending updates; a parcel never mounted has nothing to unmount. */
  unmount(): Promise<unknown>;
}

let parcels = 0;

/**
 * Runs a remote's parcel lifecycles (single-spa-react's, createRemoteLifecycles) one step after the
 * other: bootstrap and mount, then updates, then unmount. This is what single-spa's mountRootParcel
 * did for the host; done here it keeps single-spa's router (≈ 6 KiB gzipped) off every page, the
 * sign-in page's budget included (docs/decisions/0053). Each run has its own `name`: single-spa-react
 * keeps its React root per name, so two mounts of one remote never share one.
 */
export function runParcel(lifecycles: RemoteLifecycles, props: object): RunningParcel {
  parcels += 1;
  const name = `parcel-${parcels}`;
  let status: ParcelStatus = 'MOUNTING';
  const mountPromise = (async () => {
    await lifecycles.bootstrap({ ...props, name });
    await lifecycles.mount({ ...props, name });
    status = 'MOUNTED';
  })();
  let last: Promise<unknown> = mountPromise.catch(() => {
    status = 'BROKEN';
  });
  const after = (step: () => Promise<unknown> | undefined) => {
    const next = last.then(step);
    // One failed step must not stop the ones queued behind it; the caller sees its own failure.
    last = next.catch(() => undefined);
    return next;
  };
  return {
    mountPromise,
    getStatus: () => status,
    update: (next) =>
      after(() => (status === 'MOUNTED' ? lifecycles.update?.({ ...next, name }) : undefined)),
    unmount: () =>
      after(async () => {
        if (status !== 'MOUNTED') return;
        status = 'UNMOUNTING';
        await lifecycles.unmount({ ...props, name });
        status = 'UNMOUNTED';
      }),
  };
}
