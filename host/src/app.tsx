import { QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider } from '@td/api-client';
import { GlobalStyle, Toaster, theme } from '@td/ui';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AuthProvider, useAuth } from './auth/auth-provider';
import type { KnownSession } from './auth/first-render-session';
import { SESSION_EXPIRED_EVENT } from './host-events';
import { type HostServices, HostServicesProvider } from './remotes/host-services';
import { useRemotePreload } from './remotes/use-remote-preload';
import { createAppRouter } from './routes/app-router';

/** The signed-in shell; `session` when bootstrap already knows it is good (docs/decisions/0053). */
export function App({ services, session }: { services: HostServices; session?: KnownSession }) {
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => {
    services.registry.start();
    return () => services.registry.stop();
  }, [services]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <HostServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <ApiClientProvider client={services.api}>
            <AuthProvider known={session}>
              <SessionExpiryListener />
              <RemotePreload />
              <RouterProvider router={router} />
            </AuthProvider>
          </ApiClientProvider>
        </QueryClientProvider>
        <Toaster store={services.toasts} />
      </HostServicesProvider>
    </ThemeProvider>
  );
}

function SessionExpiryListener() {
  const { expire } = useAuth();
  useEffect(() => {
    window.addEventListener(SESSION_EXPIRED_EVENT, expire);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, expire);
  }, [expire]);
  return null;
}

function RemotePreload() {
  useRemotePreload();
  return null;
}
