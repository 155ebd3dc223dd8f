import { ApiClient, createQueryClient } from '@td/api-client';
import type { RemoteName, User } from '@td/contracts';
import { theme } from '@td/ui';
import type { PlatformLocation, RemoteLifecycles, RemoteProps } from '../remote-contract';
import { runParcel } from '../run-parcel';

const TOKEN_KEY = 'trading-dashboard.standalone-session';

/**
 * A small fake shell for a remote's own dev server: real API client and QueryClient, the URL as the
 * location, a session kept in localStorage, and notifications in the console.
 */
export function mountStandalone(
  remote: RemoteName,
  lifecycles: RemoteLifecycles,
  element: HTMLElement,
  home = '/',
) {
  // Opened at the build's own path (/mf-infra/1.0.0/): start on the remote's first screen instead.
  if (window.location.pathname.startsWith(`/mf-${remote}/`)) window.history.replaceState(null, '', home);
  const apiBaseUrl = (window as { __API_URL__?: string }).__API_URL__ ?? 'http://localhost:8082';
  let user: User | null = null;
  const getToken = () => window.localStorage.getItem(TOKEN_KEY);
  const api = new ApiClient({ baseUrl: apiBaseUrl, getToken });
  const currentLocation = (): PlatformLocation => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
  });

  const props = (): RemoteProps & { domElement: HTMLElement } => ({
    remote,
    version: 'standalone',
    domElement: element,
    session: {
      user,
      isAuthenticated: getToken() !== null,
      getToken,
      signIn: (token, signedIn) => {
        window.localStorage.setItem(TOKEN_KEY, token);
        user = signedIn;
        void parcel.update(props());
      },
      signOut: async () => {
        window.localStorage.removeItem(TOKEN_KEY);
        user = null;
        void parcel.update(props());
      },
    },
    api,
    queryClient,
    location: currentLocation(),
    navigate: (to, options) => {
      window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
      void parcel.update(props());
    },
    tradingMode: null,
    theme,
    subscribe: () => () => undefined,
    notify: (kind, message) => console.info(`[${kind}] ${message}`),
    openDiagnostics: () => console.info('diagnostics are opened by the host'),
  });

  const queryClient = createQueryClient('default');
  const parcel = runParcel(lifecycles, props());
  window.addEventListener('popstate', () => void parcel.update(props()));
  return parcel;
}
