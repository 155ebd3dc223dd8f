import type { ComponentType } from 'react';
import { parcelLifecycles } from './parcel-lifecycles';
import type { RemoteLifecycles } from './remote-contract';
import { withRemoteRoot } from './remote-root';

/**
 * Turns a remote's root component into single-spa parcel lifecycles (docs/decisions/0001-parcels.md).
 * A crash inside the remote stays inside its own root: RemoteRoot's boundary offers Retry.
 */
export function createRemoteLifecycles(App: ComponentType, sectionName: string): RemoteLifecycles {
  return parcelLifecycles(withRemoteRoot(App, sectionName), sectionName);
}
