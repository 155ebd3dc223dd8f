import { hostNameOf, LOOPBACK_HOST_NAMES, normaliseHostName } from '../http/host-guard';

// Who the server trusts, from its configuration: proxies, Host header names, remote origins.

/** Express-style trust proxy setting: off, loopback only, or the named proxies. */
export function trustedProxies(setting: 'on' | 'off' | string[]): false | string[] {
  if (setting === 'off') return false;
  return setting === 'on' ? ['loopback'] : setting;
}

/** The names a request's Host header may carry: this machine, PUBLIC_HOST, the Upstox callback's, ALLOWED_HOSTS. */
export function allowedHostNames(
  publicHost: string,
  upstoxRedirectUri: string | undefined,
  extra: string[],
): string[] {
  const callbackHost = upstoxRedirectUri ? hostNameOf(new URL(upstoxRedirectUri).host) : null;
  const names = [...LOOPBACK_HOST_NAMES, publicHost, ...(callbackHost ? [callbackHost] : []), ...extra];
  return [...new Set(names.map(normaliseHostName))];
}

/** The origins remotes may be served from: this host's remote ports, and ALLOWED_REMOTE_ORIGINS. */
export function allowedRemoteOrigins(
  publicHost: string,
  ports: Record<string, number>,
  extra: string[],
): string[] {
  const served = Object.values(ports).flatMap((port) => [
    `http://${publicHost}:${port}`,
    `http://127.0.0.1:${port}`,
  ]);
  return [...new Set([...served, ...extra].map((url) => new URL(url).origin))];
}
