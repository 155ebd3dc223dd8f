import type { PlatformLocation } from '@td/platform';

export const SIGN_IN_PATH = '/login';

export const currentLocation = (): PlatformLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/**
 * Signed out, every address shows the sign-in page at /login, as the signed-in shell's guard sends it
 * there (spec part 1 §4). /login keeps its query: an emailed setup link arrives as /login?setup_token=….
 */
export function keepOnSignInPath(): void {
  if (window.location.pathname !== SIGN_IN_PATH) window.history.replaceState(null, '', SIGN_IN_PATH);
}
