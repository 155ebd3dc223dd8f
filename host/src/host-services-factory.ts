import { ApiClient, createQueryClient } from '@td/api-client';
import { StreamClient } from '@td/platform';
import { createToastStore } from '@td/ui';
import { sessionTokenStorage } from './auth/session-token-storage';
import type { AppConfig } from './config/app-config';
import { takeEarlyRegistry } from './remotes/early-remote';
import type { HostServices } from './remotes/host-services';
import { RegistryStore } from './remotes/registry-store';

/** Fired when the server answers 401 to a call that carried a token; the auth provider listens. */
export const SESSION_EXPIRED_EVENT = 'trading-dashboard:session-expired';

/** Fired by a remote's openDiagnostics (Fix Connection); the diagnostics gear opens its modal. */
export const OPEN_DIAGNOSTICS_EVENT = 'trading-dashboard:open-diagnostics';

export function createHostServices(config: AppConfig): HostServices {
  const api = new ApiClient({
    baseUrl: config.apiUrl,
    getToken: sessionTokenStorage.read,
    onUnauthorized: () => window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)),
  });
  const toasts = createToastStore();
  const stream = new StreamClient({
    url: `${config.apiUrl.replace(/^http/, 'ws')}/api/stream`,
    getToken: sessionTokenStorage.read,
    // The server ended the stream's session: show the signed-out state, as a 401 does.
    onSessionEnded: () => window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)),
  });
  return {
    api,
    queryClient: createQueryClient('shell'),
    registry: new RegistryStore(api, config.registryPollMs, takeEarlyRegistry),
    toasts,
    notify: (kind, message) => void toasts.notify(kind, message),
    subscribe: stream.subscribe,
    openDiagnostics: () => window.dispatchEvent(new Event(OPEN_DIAGNOSTICS_EVENT)),
  };
}
