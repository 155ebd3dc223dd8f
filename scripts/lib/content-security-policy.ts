/**
 * The host page's CSP: scripts only from itself and the remotes' origins, no eval, no inline script.
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

/** Origins named in the registry, plus those ops allow ahead of time (REMOTE_ORIGINS) for future swaps. */
export async function registryOrigins(apiUrl: string, allowed: string[]): Promise<string[]> {
  const origins = new Set(allowed);
  try {
    const response = await fetch(`${apiUrl}/api/platform/registry`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as { data?: { remotes?: Record<string, { manifest_url: string }> } };
    for (const entry of Object.values(body.data?.remotes ?? {}))
      origins.add(new URL(entry.manifest_url).origin);
  } catch {
    // The API being down must not stop the shell from loading; the allowed list still applies.
  }
  return [...origins];
}
