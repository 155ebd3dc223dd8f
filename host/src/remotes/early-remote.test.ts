import { readRemotesEarly, scriptsOf, takeEarlyManifest, takeEarlyRegistry } from './early-remote';

const REGISTRY_URL = 'http://api.test/api/platform/registry';
const MANIFEST = 'http://cdn.test/mf-trading/1.0.0/mf-manifest.json';
const REGISTRY = {
  success: true,
  data: {
    updated_at: '2026-01-05T04:00:00.000Z',
    remotes: { trading: { manifest_url: MANIFEST, version: '1.0.0' } },
  },
};

function fakeFetch(replies: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const reply = replies[url] ?? { status: 404, body: {} };
    const response = {
      ok: reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
      text: async () => JSON.stringify(reply.body),
      clone: () => response,
    } as Response;
    return response;
  }) as typeof fetch;
  return { fetchImpl, asked };
}

const MANIFEST_BODY = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'app', assets: { js: { sync: ['514.d7bd8e86.js', '__federation_expose_app.47af55c4.js'] } } },
  ],
};

describe('scriptsOf', () => {
  it("names the remote entry and the app expose's own chunks beside the manifest", () => {
    expect(scriptsOf(JSON.stringify(MANIFEST_BODY), MANIFEST)).toEqual([
      'http://cdn.test/mf-trading/1.0.0/remoteEntry.js',
      'http://cdn.test/mf-trading/1.0.0/514.d7bd8e86.js',
      'http://cdn.test/mf-trading/1.0.0/__federation_expose_app.47af55c4.js',
    ]);
  });

  it('names nothing when the manifest is not readable', () => {
    expect(scriptsOf('<html>', MANIFEST)).toEqual([]);
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('remotes read before bootstrap', () => {
  it("asks for the registry, then the opened page's manifest, and hands each answer over once", async () => {
    const { fetchImpl, asked } = fakeFetch({
      'http://api.test/api/platform/registry': { status: 200, body: REGISTRY },
      [MANIFEST]: { status: 200, body: MANIFEST_BODY },
    });
    readRemotesEarly('http://api.test', '/dashboard', true, { fetchImpl });
    const registry = await takeEarlyRegistry(REGISTRY_URL);
    await expect(registry?.json()).resolves.toEqual(REGISTRY);
    expect(takeEarlyRegistry(REGISTRY_URL)).toBeUndefined();
    await settle();
    expect(asked).toEqual(['http://api.test/api/platform/registry', MANIFEST]);
    await expect(takeEarlyManifest(MANIFEST)).resolves.toBe(JSON.stringify(MANIFEST_BODY));
    expect(takeEarlyManifest(MANIFEST)).toBeUndefined();
    await settle();
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="script"]')];
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual(
      scriptsOf(JSON.stringify(MANIFEST_BODY), MANIFEST),
    );
  });

  it('asks for no manifest in the single bundle, nor for a remote the registry does not name', async () => {
    const { fetchImpl, asked } = fakeFetch({
      'http://api.test/api/platform/registry': { status: 200, body: REGISTRY },
    });
    readRemotesEarly('http://api.test', '/dashboard', true, { manifest: false, fetchImpl });
    readRemotesEarly('http://api.test', '/performance', true, { fetchImpl });
    await settle();
    expect(asked).toEqual(['http://api.test/api/platform/registry', 'http://api.test/api/platform/registry']);
  });

  it('hands a refused registry read to the store as it came, and asks for no manifest', async () => {
    const { fetchImpl, asked } = fakeFetch({ [REGISTRY_URL]: { status: 503, body: {} } });
    readRemotesEarly('http://api.test', '/dashboard', true, { fetchImpl });
    await expect(takeEarlyRegistry(REGISTRY_URL)).resolves.toMatchObject({ status: 503 });
    await settle();
    expect(asked).toEqual([REGISTRY_URL]);
  });

  it('hands an unanswered registry read to the store as a rejection, and asks for nothing more', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    readRemotesEarly('http://api.test', '/dashboard', true, { fetchImpl });
    await settle();
    await expect(takeEarlyRegistry(REGISTRY_URL)).rejects.toThrow('Failed to fetch');
    expect(asked).toEqual([REGISTRY_URL]);
  });
});
