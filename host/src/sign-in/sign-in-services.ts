import { ApiClient } from '@td/api-client';
import { sessionTokenStorage } from '../auth/session-token-storage';
import type { AppConfig } from '../config/app-config';
import { SESSION_EXPIRED_EVENT } from '../host-events';
import { takeEarlyRegistry } from '../remotes/early-remote';
import { RegistryStore } from '../remotes/registry-store';

/**
 * What the signed-out sign-in page needs of the host: the API client and the remote registry. The
 * signed-in shell's services are built on these same two (createHostServices), so the registry read
 * and the remote already loaded are kept across the sign-in.
 */
export interface SignInServices {
  api: ApiClient;
  registry: RegistryStore;
}

export function createSignInServices(config: AppConfig): SignInServices {
  const api = new ApiClient({
    baseUrl: config.apiUrl,
    getToken: sessionTokenStorage.read,
    onUnauthorized: () => window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT)),
  });
  return { api, registry: new RegistryStore(api, config.registryPollMs, takeEarlyRegistry) };
}
