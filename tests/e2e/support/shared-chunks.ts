import type { Page, Response } from 'playwright-core';

/**
 * What a downloaded script holds, told by markers that survive minification (found by reading the
 * production builds of React 19 in every dist folder):
 * - react: React's core exports its internals as `x.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=`
 *   (react-dom and the JSX runtime only read that property, never assign it);
 * - react-dom: the DOM renderer (react-dom/client) registers itself with `rendererPackageName:"react-dom"`;
 * - react-dom index: react-dom's small entry module exports `x.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=`.
 */
const MARKERS = {
  react: /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/,
  'react-dom': /rendererPackageName\s*:\s*["']react-dom["']/,
  'react-dom index': /\.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/,
} as const;

export type SharedKind = keyof typeof MARKERS;

export function sharedKindsIn(source: string): SharedKind[] {
  return (Object.keys(MARKERS) as SharedKind[]).filter((kind) => MARKERS[kind].test(source));
}

export interface ScriptRecord {
  url: string;
  kinds: SharedKind[];
}

/** Records every JavaScript response of a page with what it holds. `settle()` waits for the bodies. */
export function recordScripts(page: Page) {
  const scripts: ScriptRecord[] = [];
  const pending = new Set<Promise<void>>();
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !new URL(response.url()).pathname.endsWith('.js')) return;
    const read: Promise<void> = response
      .text()
      .then((body) => {
        scripts.push({ url: response.url(), kinds: sharedKindsIn(body) });
      })
      .catch(() => {
        scripts.push({ url: response.url(), kinds: [] });
      })
      .finally(() => pending.delete(read));
    pending.add(read);
  };
  page.on('response', onResponse);
  return {
    scripts,
    of: (kind: SharedKind) =>
      scripts.filter((script) => script.kinds.includes(kind)).map((script) => script.url),
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stop: () => page.off('response', onResponse),
  };
}
