import { StartedEarly } from '../started-early';
import { preloadPlan } from './preload-plan';

// Runs in index.ts, before the async boundary that sets up the shared modules: plain fetch only,
// nothing from a shared package (zod, React, @td/api-client's parsing) is imported here.

/** Keyed by URL. The registry's raw answer: the store has the ApiClient check it as its own read. */
const registries = new StartedEarly<string, Promise<Response>>();
const manifests = new StartedEarly<string, Promise<string>>();

const json = (response: Response) =>
  response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`));

function manifestUrlOf(body: unknown, remote: string): string | null {
  const remotes = (body as { data?: { remotes?: Record<string, { manifest_url?: unknown }> } })?.data
    ?.remotes;
  const url = remotes?.[remote]?.manifest_url;
  return typeof url === 'string' ? url : null;
}

/**
 * The remote entry and the `app` expose's own chunks a manifest names, as absolute URLs (our
 * manifests use publicPath 'auto': files sit beside the manifest). [] when it is not readable.
 */
export function scriptsOf(manifestText: string, manifestUrl: string): string[] {
  try {
    const manifest = JSON.parse(manifestText) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
    };
    const base = new URL('.', manifestUrl);
    const entry = manifest.metaData?.remoteEntry;
    const app = manifest.exposes?.find((e) => e.name === 'app')?.assets?.js?.sync ?? [];
    const files = [...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []), ...app];
    return files.map((file) => new URL(file, base).href);
  } catch {
    return [];
  }
}

/**
 * Classic-script preloads, the kind the runtime's own preload and script tags use, so the browser
 * hands the same responses over when bootstrap's preloadRemote asks for them.
 */
function preloadScripts(urls: string[]): void {
  for (const href of urls) {
    const link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'script');
    link.setAttribute('href', href);
    document.head.appendChild(link);
  }
}

/**
 * Asks for the remote registry, then the opened page's manifest, then that manifest's remote entry
 * and `app` chunks, as soon as the entry script runs, while the shell's shared chunks are still
 * downloading and evaluating: the registry store's first
 * read and the federation runtime's manifest fetch take these answers instead of asking after
 * bootstrap (docs/decisions/0046). Anything that fails here is simply asked for again, the usual way.
 */
export function readRemotesEarly(
  apiUrl: string,
  pathname: string,
  signedIn: boolean,
  { manifest = true, fetchImpl = fetch }: { manifest?: boolean; fetchImpl?: typeof fetch } = {},
): void {
  const [remote] = manifest ? preloadPlan(pathname, signedIn).now : [];
  const registryUrl = `${apiUrl}/api/platform/registry`;
  const answer = fetchImpl(registryUrl);
  // A copy for the store, made on arrival: this module reads the original for the manifest's URL.
  const copy = answer.then((r) => r.clone());
  // A failed read is the store's to handle when it takes it; until then it is no unhandled rejection.
  copy.catch(() => undefined);
  registries.put(registryUrl, copy);
  answer
    .then(json)
    .then((body) => {
      const url = remote && manifestUrlOf(body, remote);
      if (!url) return;
      const text = fetchImpl(url).then((r) =>
        r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)),
      );
      text.then(
        (body) => preloadScripts(scriptsOf(body, url)),
        () => undefined,
      );
      manifests.put(url, text);
    })
    .catch(() => undefined);
}

/** The early answer (unread) for this registry URL, once; undefined when none was asked for. */
export function takeEarlyRegistry(url: string): Promise<Response> | undefined {
  return registries.take(url);
}

/** The early answer (body text) for this manifest URL, once; undefined when none was asked for. */
export function takeEarlyManifest(url: string): Promise<string> | undefined {
  return manifests.take(url);
}
