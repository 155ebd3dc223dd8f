import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClient, ApiClientProvider } from '@td/api-client';
import { createToastStore, theme } from '@td/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AuthProvider } from '../auth/auth-provider';
import type { KnownSession } from '../auth/first-render-session';
import { sessionTokenStorage } from '../auth/session-token-storage';
import { type HostServices, HostServicesProvider } from '../remotes/host-services';
import { RegistryStore } from '../remotes/registry-store';
import { createFakeApi } from './fake-api';

/** Renders host UI with the real providers, the real ApiClient and a fake network. */
export function renderHost(
  ui: ReactElement,
  {
    routes = {},
    path = '/dashboard',
    withRouter = true,
    known,
  }: {
    routes?: Parameters<typeof createFakeApi>[0];
    path?: string;
    withRouter?: boolean;
    /** A session bootstrap already confirmed (docs/decisions/0053). */
    known?: KnownSession;
  } = {},
) {
  const fake = createFakeApi(routes);
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: sessionTokenStorage.read,
    fetchImpl: fake.fetchImpl,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const toasts = createToastStore();
  const notify = jest.fn((kind, message) => void toasts.notify(kind, message));
  const services: HostServices = {
    api,
    queryClient,
    registry: new RegistryStore(api, 60_000),
    toasts,
    notify,
    subscribe: () => () => undefined,
    openDiagnostics: jest.fn(),
  };
  const tree = (
    <ThemeProvider theme={theme}>
      <HostServicesProvider value={services}>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={api}>
            <AuthProvider known={known}>{ui}</AuthProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </HostServicesProvider>
    </ThemeProvider>
  );
  const result = render(withRouter ? <MemoryRouter initialEntries={[path]}>{tree}</MemoryRouter> : tree);
  return { ...result, fake, services, notify };
}

export const validSession = {
  'POST /api/auth/validate-session': {
    body: {
      success: true,
      user: { email: 'trader@example.com', name: 'Asha' },
      expires_at: '2026-01-05T12:00:00.000Z',
    },
  },
};
