import { QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider } from '@td/api-client';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { Router } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { PlatformProvider } from './platform-context';
import type { RemoteProps } from './remote-contract';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * A parcel is its own React root, so no context crosses the seam: the remote rebuilds the
 * providers from the props. The router is react-router's low-level <Router>, driven by the host's
 * location, so the URL has one owner.
 */
export function RemoteRoot({
  props,
  section = 'This section',
  children,
}: {
  props: RemoteProps;
  section?: string;
  children: ReactNode;
}) {
  const navigator = useMemo(
    () => ({
      createHref: (to: unknown) => (typeof to === 'string' ? to : hrefOf(to as Partial<PlatformPath>)),
      go: (delta: number) => window.history.go(delta),
      push: (to: unknown) =>
        props.navigate(typeof to === 'string' ? to : hrefOf(to as Partial<PlatformPath>)),
      replace: (to: unknown) =>
        props.navigate(typeof to === 'string' ? to : hrefOf(to as Partial<PlatformPath>), { replace: true }),
    }),
    [props.navigate],
  );
  return (
    <PlatformProvider value={props}>
      <QueryClientProvider client={props.queryClient}>
        <ApiClientProvider client={props.api}>
          <ThemeProvider theme={props.theme}>
            <Router location={props.location} navigator={navigator}>
              <RemoteErrorBoundary section={section}>{children}</RemoteErrorBoundary>
            </Router>
          </ThemeProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </PlatformProvider>
  );
}

interface PlatformPath {
  pathname: string;
  search: string;
  hash: string;
}

function hrefOf(path: Partial<PlatformPath>): string {
  return `${path.pathname ?? ''}${path.search ?? ''}${path.hash ?? ''}`;
}

export function withRemoteRoot(App: ComponentType, section: string): ComponentType<RemoteProps> {
  return function RemoteApp(props: RemoteProps) {
    return (
      <RemoteRoot props={props} section={section}>
        <App />
      </RemoteRoot>
    );
  };
}
