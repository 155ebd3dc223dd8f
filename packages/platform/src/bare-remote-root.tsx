import { ApiClientProvider } from '@td/api-client';
import type { ComponentType, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { BarePlatformProvider } from './platform-context';
import type { BareRemoteProps } from './remote-contract';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * RemoteRoot without react-router and react-query: importing either would make the page download
 * them as shared modules (≈ 44 KiB gzipped), which the signed-out sign-in page must not
 * (docs/decisions/0053). The remote navigates through the props instead of a router.
 */
export function BareRemoteRoot({
  props,
  section = 'This section',
  children,
}: {
  props: BareRemoteProps;
  section?: string;
  children: ReactNode;
}) {
  return (
    <BarePlatformProvider value={props}>
      <ApiClientProvider client={props.api}>
        <ThemeProvider theme={props.theme}>
          <RemoteErrorBoundary section={section}>{children}</RemoteErrorBoundary>
        </ThemeProvider>
      </ApiClientProvider>
    </BarePlatformProvider>
  );
}

export function withBareRemoteRoot(App: ComponentType, section: string): ComponentType<BareRemoteProps> {
  return function BareRemoteApp(props: BareRemoteProps) {
    return (
      <BareRemoteRoot props={props} section={section}>
        <App />
      </BareRemoteRoot>
    );
  };
}
