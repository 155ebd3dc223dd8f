import type { PlatformLocation } from '@td/platform';

// An emailed setup link arrives as /login?setup_token=<token> (the server's setupLink()).
const PARAM = 'setup_token';

export function setupTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get(PARAM);
  return token?.trim() ? token.trim() : null;
}

/** The same address without the token, so it does not linger in the address bar or history. */
export function withoutSetupToken(location: PlatformLocation): string {
  const params = new URLSearchParams(location.search);
  params.delete(PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
