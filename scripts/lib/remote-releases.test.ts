import fs from 'node:fs';
import path from 'node:path';
import { UseRemoteError } from '../../packages/server/src/engines/registry/use-remote';
import { buildTestApp, type TestApp } from '../../packages/server/src/test-support';
import {
  nextVersion,
  planRollback,
  ReleaseError,
  readReleaseHistory,
  recordRelease,
  releaseDir,
  releaseHistoryFile,
} from './release-history';
import { releaseRemote, rollbackRemote } from './remote-releases';

const API_URL = 'http://api.test';
const ORIGIN = 'http://localhost:3005';
const manifestUrlOf = (version: string) => `${ORIGIN}/mf-infra/${version}/mf-manifest.json`;
const AT = new Date('2026-01-05T04:00:00.000Z');

const manifest = JSON.stringify({
  name: 'mf_infra',
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [{ name: 'app', path: './app' }],
});

describe('pnpm remote:release / remote:rollback', () => {
  let t: TestApp;
  let opsToken: string;
  let distDir: string;
  let builds: string[];
  let swaps: string[];

  beforeEach(async () => {
    t = await buildTestApp();
    opsToken = fs.readFileSync(path.join(t.config.dataDir, 'ops.token'), 'utf8');
    // The remote's dist folder holds the build `pnpm run build` made (1.0.0).
    distDir = path.join(t.config.dataDir, 'dist', 'mf-infra');
    fs.mkdirSync(path.join(distDir, '1.0.0'), { recursive: true });
    fs.writeFileSync(path.join(distDir, '1.0.0', 'mf-manifest.json'), manifest);
    builds = [];
    swaps = [];
  });
  afterEach(() => t.close());

  /**
   * The API is the test app; a manifest is served when its folder holds one, as the remote's static server
   * serves dist/mf-infra/<v>/ and then DATA_DIR/releases/mf-infra/<v>/.
   */
  const fakeFetch = (async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith(API_URL)) {
      if (init.method === 'PUT') swaps.push(JSON.parse(String(init.body)).entry.version);
      const response = await t.app.inject({
        method: (init.method ?? 'GET') as 'PUT',
        url: url.slice(API_URL.length),
        headers: init.headers as Record<string, string>,
        payload: init.body as string,
      });
      return new Response(response.body, { status: response.statusCode });
    }
    const version = /\/mf-infra\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1] ?? '';
    const file = [path.join(distDir, version), releaseDir(t.config.dataDir, 'infra', version)]
      .map((dir) => path.join(dir, 'mf-manifest.json'))
      .find((candidate) => fs.existsSync(candidate));
    return file
      ? new Response(fs.readFileSync(file, 'utf8'), { status: 200 })
      : new Response('Not found', { status: 404 });
  }) as typeof fetch;

  /** What rspack writes: a manifest and a chunk stamped with the version. */
  const fakeBuild = async (version: string, outDir: string) => {
    builds.push(version);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'mf-manifest.json'), manifest);
    fs.writeFileSync(path.join(outDir, 'main.0123abcd.js'), `/* ${version} */`);
  };

  const common = () => ({
    name: 'infra' as const,
    dataDir: t.config.dataDir,
    apiUrl: API_URL,
    opsToken,
    fetch: fakeFetch,
    now: () => AT,
  });
  const release = (overrides: Partial<Parameters<typeof releaseRemote>[0]> = {}) =>
    releaseRemote({ ...common(), distDir, manifestUrlOf, build: fakeBuild, ...overrides });
  const rollback = () => rollbackRemote(common());
  const live = () => t.services.registry.read().remotes.infra?.version;

  it('builds a new version into its own folder, swaps the registry to it and records what it replaced', async () => {
    const result = await release();
    expect(builds).toEqual(['1.0.1']);
    expect(result.from?.version).toBe('1.0.0');
    expect(result.to).toEqual({ version: '1.0.1', manifest_url: manifestUrlOf('1.0.1') });
    expect(live()).toBe('1.0.1');
    expect(fs.readFileSync(path.join(result.dir, 'main.0123abcd.js'), 'utf8')).toBe('/* 1.0.1 */');
    // Nothing half-built is left beside the published folders.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'releases', '.staging'))).toEqual([]);
    expect(readReleaseHistory(t.config.dataDir).remotes.infra).toEqual([
      expect.objectContaining({ version: '1.0.0', source: 'registry', rolled_back_at: null }),
      expect.objectContaining({ version: '1.0.1', source: 'release', rolled_back_at: null }),
    ]);
  });

  it('never reuses a version that dist or an earlier release already holds', async () => {
    fs.mkdirSync(path.join(distDir, '1.0.1'));
    await release();
    await release();
    expect(builds).toEqual(['1.0.2', '1.0.3']);
    await expect(release({ version: '1.0.2' })).rejects.toThrow(
      'mf-infra 1.0.2 is already published, and a published version is never rebuilt; choose another version.',
    );
    await expect(release({ version: 'next' })).rejects.toThrow('next: version must look like 1.4.3.');
    expect(builds).toEqual(['1.0.2', '1.0.3']);
    expect(live()).toBe('1.0.3');
  });

  it('rolls back one release at a time, then refuses with a sentence when nothing earlier is left', async () => {
    await release();
    await release({ version: '1.2.0' });
    expect(live()).toBe('1.2.0');

    expect((await rollback()).to.version).toBe('1.0.1');
    expect(live()).toBe('1.0.1');
    expect((await rollback()).to.version).toBe('1.0.0');
    expect(live()).toBe('1.0.0');
    await expect(rollback()).rejects.toThrow(
      'mf-infra has no earlier release to roll back to: `pnpm remote:release infra` has not replaced anything that is still in force.',
    );
    expect(live()).toBe('1.0.0');
    // The rolled-back builds stay published (remote:use can go back to them) and are named in the history.
    expect(fs.existsSync(releaseDir(t.config.dataDir, 'infra', '1.2.0'))).toBe(true);
    expect(
      readReleaseHistory(t.config.dataDir)
        .remotes.infra?.filter((record) => record.rolled_back_at)
        .map((record) => record.version),
    ).toEqual(['1.0.1', '1.2.0']);
    // A new release after the rollbacks goes above every version used so far.
    await release();
    expect(live()).toBe('1.2.1');
  });

  it('refuses a rollback before any release, without touching the registry', async () => {
    await expect(rollback()).rejects.toThrow(ReleaseError);
    await expect(rollback()).rejects.toThrow(/^mf-infra has no earlier release to roll back to/);
    expect(swaps).toEqual([]);
    expect(live()).toBe('1.0.0');
  });

  it('refuses a rollback when the registry was changed by other means since the last release', async () => {
    await release();
    t.services.registry.use('infra', { version: '1.0.0', manifest_url: manifestUrlOf('1.0.0') });
    await expect(rollback()).rejects.toThrow(
      'mf-infra is running 1.0.0 (http://localhost:3005/mf-infra/1.0.0/mf-manifest.json), not 1.0.1, the last release',
    );
    // A release from there records 1.0.0 again as what it replaced, so its rollback returns to it.
    await release();
    expect((await rollback()).to.version).toBe('1.0.0');
  });

  it('keeps the registry and the history as they were when the server refuses the swap', async () => {
    await expect(release({ opsToken: 'wrong' })).rejects.toThrow(UseRemoteError);
    expect(live()).toBe('1.0.0');
    expect(fs.existsSync(releaseHistoryFile(t.config.dataDir))).toBe(false);
    await expect(
      release({ manifestUrlOf: (v) => `http://evil.test/mf-infra/${v}/mf-manifest.json` }),
    ).rejects.toThrow(/could not fetch|not one of them/i);
    expect(live()).toBe('1.0.0');
  });

  it('publishes nothing when the build fails or writes no manifest', async () => {
    const failing = async () => {
      throw new ReleaseError('The build of mf-infra 1.0.1 failed (exit 1); nothing was published.');
    };
    await expect(release({ build: failing })).rejects.toThrow('failed (exit 1)');
    await expect(release({ build: async (_v, dir) => fs.mkdirSync(dir) })).rejects.toThrow(
      'The build of mf-infra 1.0.1 wrote no mf-manifest.json; nothing was published.',
    );
    expect(fs.existsSync(releaseDir(t.config.dataDir, 'infra', '1.0.1'))).toBe(false);
    expect(swaps).toEqual([]);
  });

  it('refuses a second release while another one holds the lock', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'remote-releases.lock'), String(process.pid));
    await expect(release()).rejects.toThrow(
      `Another release or rollback is running (process ${process.pid}); wait for it to finish. Nothing was changed.`,
    );
    // A lock left by a process that is gone is taken over.
    fs.writeFileSync(path.join(t.config.dataDir, 'remote-releases.lock'), '999999999');
    await release();
    expect(live()).toBe('1.0.1');
  });

  it('refuses a history file it cannot read rather than overwriting it', async () => {
    fs.writeFileSync(releaseHistoryFile(t.config.dataDir), '{ not json');
    await expect(release()).rejects.toThrow('remote-releases.json is not JSON; fix or remove it');
    expect(builds).toEqual([]);
  });
});

describe('release bookkeeping', () => {
  const entry = (version: string) => ({ version, manifest_url: manifestUrlOf(version) });

  it('picks the next patch above the highest version used', () => {
    expect(nextVersion([])).toBe('1.0.1');
    expect(nextVersion(['1.0.0', '1.0.1'])).toBe('1.0.2');
    expect(nextVersion(['1.0.9', '1.2.0', '1.1.7', 'junk', '0.9.9'])).toBe('1.2.1');
    expect(nextVersion(['2.0.0-rc.1'])).toBe('2.0.1');
  });

  it('does not record the replaced entry twice when it is already the last release', () => {
    let history = recordRelease({ remotes: {} }, 'infra', entry('1.0.0'), entry('1.0.1'), AT);
    history = recordRelease(history, 'infra', entry('1.0.1'), entry('1.0.2'), AT);
    expect(history.remotes.infra?.map((record) => record.version)).toEqual(['1.0.0', '1.0.1', '1.0.2']);
    const plan = planRollback(history, 'infra', entry('1.0.2'), AT);
    expect(plan.target.version).toBe('1.0.1');
    expect(plan.history.remotes.infra?.[2]?.rolled_back_at).toBe(AT.toISOString());
  });
});
