import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test-support';
import { UseRemoteError, useRemote } from './use-remote';

const API_URL = 'http://api.test';
const MANIFEST_URL = 'http://localhost:3005/mf-infra/1.4.3/mf-manifest.json';

/** What `rspack build` publishes for a remote (the parts the shell reads, plus some it does not). */
const manifestOf = (name: string, exposePath = './app') =>
  JSON.stringify({
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [],
    remotes: [],
    exposes: [{ id: `${name}:app`, name: 'app', path: exposePath, assets: {} }],
  });

describe('pnpm remote:use', () => {
  let t: TestApp;
  let opsToken: string;
  let calls: string[];
  let published: Record<string, { status: number; body: string }>;

  beforeEach(async () => {
    t = await buildTestApp();
    opsToken = fs.readFileSync(path.join(t.config.dataDir, 'ops.token'), 'utf8');
    calls = [];
    published = { [MANIFEST_URL]: { status: 200, body: manifestOf('mf_infra') } };
  });
  afterEach(() => t.close());

  /** Manifests come from `published` (anything else is unreachable); the API is the test app. */
  const fakeFetch = (async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push(`${init.method ?? 'GET'} ${url}`);
    if (url.startsWith(API_URL)) {
      const response = await t.app.inject({
        method: init.method as 'PUT',
        url: url.slice(API_URL.length),
        headers: init.headers as Record<string, string>,
        payload: init.body as string,
      });
      return new Response(response.body, { status: response.statusCode });
    }
    const file = published[url];
    if (!file) throw new TypeError('fetch failed', { cause: new Error(`connect ECONNREFUSED ${url}`) });
    return new Response(file.body, { status: file.status });
  }) as typeof fetch;

  const run = (overrides: Partial<Parameters<typeof useRemote>[0]> = {}) =>
    useRemote({
      name: 'infra',
      version: '1.4.3',
      manifestUrl: MANIFEST_URL,
      apiUrl: API_URL,
      opsToken,
      fetch: fakeFetch,
      ...overrides,
    });
  const infraEntry = () => t.services.registry.read().remotes.infra;

  it('checks the manifest, then swaps the remote through the server with the ops token', async () => {
    const registry = await run();
    expect(registry.remotes.infra).toEqual({ manifest_url: MANIFEST_URL, version: '1.4.3' });
    expect(infraEntry()).toEqual({ manifest_url: MANIFEST_URL, version: '1.4.3' });
    expect(calls).toEqual([`GET ${MANIFEST_URL}`, `PUT ${API_URL}/api/platform/registry`]);
  });

  const refusals: [string, () => void, RegExp][] = [
    ['it cannot fetch', () => delete published[MANIFEST_URL], /Could not fetch .*ECONNREFUSED/],
    [
      'the server answers 404 for',
      () => (published[MANIFEST_URL] = { status: 404, body: 'Not found' }),
      /answered 404: is mf-infra 1\.4\.3 published there\?/,
    ],
    [
      'is truncated',
      () => (published[MANIFEST_URL] = { status: 200, body: manifestOf('mf_infra').slice(0, 30) }),
      /is not JSON/,
    ],
    [
      'is not a federation manifest',
      () => (published[MANIFEST_URL] = { status: 200, body: '{"hello": "world"}' }),
      /is not a Module Federation manifest/,
    ],
    [
      'belongs to another remote',
      () => (published[MANIFEST_URL] = { status: 200, body: manifestOf('mf_trading') }),
      /is the manifest of mf_trading, not mf_infra/,
    ],
    [
      'does not expose ./app',
      () => (published[MANIFEST_URL] = { status: 200, body: manifestOf('mf_infra', './other') }),
      /does not expose \.\/app/,
    ],
  ];

  it.each(refusals)(
    'refuses a manifest that %s, and leaves the registry unchanged',
    async (_, arrange, message) => {
      arrange();
      const before = infraEntry();
      const refused = run();
      await expect(refused).rejects.toThrow(UseRemoteError);
      await expect(refused).rejects.toThrow(message);
      await expect(refused).rejects.toThrow(/The registry is unchanged\./);
      expect(calls.some((call) => call.startsWith('PUT'))).toBe(false);
      expect(infraEntry()).toEqual(before);
    },
  );

  it('refuses without an ops token, before fetching anything', async () => {
    await expect(run({ opsToken: null })).rejects.toThrow(/No ops token: start the server once/);
    expect(calls).toEqual([]);
  });

  it('passes on the server’s sentence when it refuses the swap', async () => {
    const before = infraEntry();
    await expect(run({ opsToken: 'w'.repeat(43) })).rejects.toThrow(
      /The server refused the swap \(401\): The ops token is not valid/,
    );
    expect(infraEntry()).toEqual(before);
  });

  it('says so when the API server does not answer', async () => {
    await expect(run({ apiUrl: 'http://down.test' })).rejects.toThrow(
      /The API server at http:\/\/down\.test did not answer .*start it \(npm start\)/,
    );
  });
});
