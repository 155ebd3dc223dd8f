import type { ComponentType } from 'react';
import { withBareRemoteRoot } from './bare-remote-root';
import { parcelLifecycles } from './parcel-lifecycles';
import type { RemoteLifecycles } from './remote-contract';

/**
 * createRemoteLifecycles for a remote that needs no router and no query cache (the sign-in page):
 * mounted by the signed-out host with BareRemoteProps, or by the signed-in shell with full
 * RemoteProps (docs/decisions/0053). Its components read useBarePlatform(). A file of its own, so
 * such a remote's bundle never imports RemoteRoot (and with it react-router and react-query).
 */
export function createBareRemoteLifecycles(App: ComponentType, sectionName: string): RemoteLifecycles {
  return {
    ...parcelLifecycles(withBareRemoteRoot(App, sectionName), sectionName),
    mountsWithBareProps: true,
  };
}
