/**
 * The host page's CSP: scripts only from itself and the allowed remote origins, no eval, no inline script.
 * `remoteOrigins` is the server's configured allowed set (config.allowedRemoteOrigins), never what the
 * registry names: a registry write cannot widen what the browser runs.
 * styled-components injects <style> tags, hence 'unsafe-inline' for styles only.
 */
export function hostContentSecurityPolicy(apiUrl: string, remoteOrigins: string[]): string {
  const api = new URL(apiUrl);
  const ws = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  const remotes = [...new Set(remoteOrigins)].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${api.origin} ${ws} ${remotes}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
