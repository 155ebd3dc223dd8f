import { createQueryClient } from '@td/api-client';
import { StreamClient } from '@td/platform';
import { createToastStore } from '@td/ui';
import { sessionTokenStorage } from './auth/session-token-storage';
import type { AppConfig } from './config/app-config';
import { OPEN_DIAGNOSTICS_EVENT, SESSION_EXPIRED_EVENT } from './host-events';
import type { HostServices } from './remotes/host-services';
import { createSignInServices, type SignInServices } from './sign-in/sign-in-services';

/** The signed-in shell's services; `base` is the sign-in page's API client and registry when it ran first. */
export function createHostServices(
  config: AppConfig,
  base: SignInServices = createSignInServices(config),
): HostServices {
  const toasts = createToastStore();
  const stream = new StreamClient({
    url: `${config.apiUrl.replace(/^http/, 'ws')}/api/stream`,
    getToken: sessionTokenStorage.read,
    // The server ended the stream's session: show the signed-out state, as a 401 does.
    onSessionEnded: () => window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)),
  });
  return {
    ...base,
    queryClient: createQueryClient('shell'),
    toasts,
    notify: (kind, message) => void toasts.notify(kind, message),
    subscribe: stream.subscribe,
    openDiagnostics: () => window.dispatchEvent(new Event(OPEN_DIAGNOSTICS_EVENT)),
  };
}
