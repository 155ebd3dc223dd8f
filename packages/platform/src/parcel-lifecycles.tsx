import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { BareRemoteProps, RemoteLifecycles } from './remote-contract';
import { RemoteCrash } from './remote-crash';

/**
 * Single-spa parcel lifecycles around a root that rebuilds a remote's providers from its props
 * (docs/decisions/0001-parcels.md). The crash panel is the last resort when the providers themselves fail.
 */
export function parcelLifecycles<P extends BareRemoteProps>(
  Root: ComponentType<P>,
  sectionName: string,
): RemoteLifecycles {
  return singleSpaReact<P>({
    React,
    ReactDOMClient,
    rootComponent: Root as never,
    errorBoundary: (error: Error) => <RemoteCrash section={sectionName} error={error} />,
    domElementGetter: (props: P & { domElement?: HTMLElement }) => {
      if (!props.domElement)
        throw new Error(`${sectionName}: the host did not give a DOM element to mount into.`);
      return props.domElement;
    },
  }) as unknown as RemoteLifecycles;
}
