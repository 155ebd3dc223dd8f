/**
 * REMOTE_UPSTREAMS of the image: `infra=http://mf-infra:8080,ml=http://mf-ml:8080` sends /mf-infra/
 * and /mf-ml/ to those servers instead of the builds in the image (a remote shipped in its own image).
 */
export function parseUpstreams(setting: string): Record<string, string> {
  const upstreams: Record<string, string> = {};
  for (const entry of setting.split(',').map((item) => item.trim())) {
    if (!entry) continue;
    const [name, origin] = entry.split('=', 2).map((part) => part.trim());
    if (!name || !/^[a-z]+$/.test(name) || !origin || !/^https?:\/\/[^/]+\/?$/.test(origin))
      throw new Error(
        `REMOTE_UPSTREAMS: "${entry}" must be name=http://host:port (e.g. infra=http://mf-infra:8080)`,
      );
    upstreams[`/mf-${name}/`] = origin.replace(/\/$/, '');
  }
  return upstreams;
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs` (the first start replays history: minutes). */
export async function waitUntilAnswers(url: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}
