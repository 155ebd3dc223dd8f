import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteLifecycles, RemoteProps } from './remote-contract';
import { RemoteCrash } from './remote-crash';
import { withRemoteRoot } from './remote-root';

/**
 * Turns a remote's root component into single-spa parcel lifecycles (docs/decisions/0001-parcels.md).
 * A crash inside the remote stays inside its own root: RemoteRoot's boundary offers Retry, and the
 * crash panel here is the last resort when the providers themselves fail.
 */
export function createRemoteLifecycles(App: ComponentType, sectionName: string): RemoteLifecycles {
  const Root = withRemoteRoot(App, sectionName);
  return singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: Root as never,
    errorBoundary: (error: Error) => <RemoteCrash section={sectionName} error={error} />,
    domElementGetter: (props: RemoteProps & { domElement?: HTMLElement }) => {
      if (!props.domElement)
        throw new Error(`${sectionName}: the host did not give a DOM element to mount into.`);
      return props.domElement;
    },
  }) as unknown as RemoteLifecycles;
}
