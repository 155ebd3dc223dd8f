import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { REMOTES } from '../../scripts/lib/stack';
import {
  artifactPath,
  type E2EStack,
  e2eSuite,
  eventually,
  expectPath,
  expectText,
  expectVisible,
  openSignedIn,
  PHONE,
  ROOT,
  registryEntry,
  remoteVersion,
  shellNav,
} from './support';

declare global {
  interface Window {
    __noReleaseReload?: boolean;
  }
}

/** `pnpm remote:release|remote:rollback infra` against this stack's DATA_DIR, server and remote ports. */
async function ops(stack: E2EStack, mode: 'release' | 'rollback'): Promise<string> {
  const env = {
    ...process.env,
    DATA_DIR: stack.dataDir,
    PUBLIC_HOST: '127.0.0.1',
    API_PORT: String(stack.ports.api),
    HOST_PORT: String(stack.ports.host),
    ...Object.fromEntries(
      REMOTES.map((remote) => [`REMOTE_${remote.toUpperCase()}_PORT`, String(stack.ports.remotes[remote])]),
    ),
  };
  // Not blocking: this process serves the remotes the script fetches the new manifest from.
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/remote-release.ts'), mode, 'infra'],
      { cwd: ROOT, encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`remote:${mode} infra failed: ${stderr || stdout}`)) : resolve(stdout),
    );
  });
}

/** The remote's own build marker: each build has its own chunk-loading global, named after its version. */
const buildMarker = (version: string) => `rspackChunkmf_infra_${version.replace(/\W/g, '_')}`;
const hasBuildMarker = (page: Page, version: string) =>
  page.evaluate((name) => name in window, buildMarker(version));

/** Every request the page makes from now on. */
function recordRequests(page: Page) {
  const requests: { url: string; type: string }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  return {
    since: (mark: number) => requests.slice(mark),
    mark: () => requests.length,
  };
}

e2eSuite('infra-release', { signedIn: true }, (suite) => {
  suite.test(
    'pnpm remote:release infra swaps a new build into an open page without a reload, and remote:rollback takes it back',
    async ({ page, stack }) => {
      const otherOrigins = REMOTES.filter((name) => name !== 'infra').map((name) => stack.remoteOrigin(name));
      const infraBase = `${stack.remoteOrigin('infra')}/mf-infra/`;
      const requests = recordRequests(page);

      await openSignedIn(page, stack, '/tick-streaming');
      await expectText(page.getByRole('heading', { level: 1 }), 'Tick Streaming');
      await eventually(
        () => hasBuildMarker(page, '1.0.0'),
        (present) => present,
        () => 'the mf-infra 1.0.0 build never ran on /tick-streaming',
      );
      const stamp = remoteVersion(page);
      const showsStamp = (await stamp.count()) > 0;
      if (showsStamp) await expectText(stamp, 'Served by mf-infra 1.0.0');
      await page.evaluate(() => {
        window.__noReleaseReload = true;
      });
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });

      // The release: mf-infra built again with a new version stamp, published beside 1.0.0, swapped in.
      const beforeRelease = requests.mark();
      const started = Date.now();
      const output = await ops(stack, 'release');
      const buildSeconds = (Date.now() - started) / 1000;
      const released = (await registryEntry(stack, 'infra')).version;
      assert.notEqual(
        released,
        '1.0.0',
        `the registry should name the new release; the script said ${output}`,
      );
      assert.match(output, new RegExp(`mf-infra 1\\.0\\.0 → ${released.replace(/\./g, '\\.')}`));
      assert.ok(
        fs.existsSync(path.join(stack.dataDir, 'releases', 'mf-infra', released, 'mf-manifest.json')),
        'the release is published under DATA_DIR/releases/mf-infra/<version>/',
      );

      const swapStarted = Date.now();
      await eventually(
        () => hasBuildMarker(page, released),
        (present) => present,
        () => `the page never ran mf-infra ${released}'s own build (no ${buildMarker(released)})`,
        15_000,
      );
      const swapSeconds = (Date.now() - swapStarted) / 1000;
      if (showsStamp) await expectText(stamp, `Served by mf-infra ${released}`, 10_000);
      await expectText(page.getByRole('heading', { level: 1 }), 'Tick Streaming');
      await expectVisible(shellNav(page));
      assert.equal(await page.evaluate(() => window.__noReleaseReload), true, 'the page was not reloaded');
      assert.equal(loads, 0, 'no page load happened');
      await expectPath(page, '/tick-streaming');

      const afterRelease = requests.since(beforeRelease);
      const infraFiles = afterRelease
        .filter((r) => r.url.startsWith(infraBase))
        .map((r) => r.url.slice(infraBase.length));
      for (const file of ['mf-manifest.json', 'remoteEntry.js'])
        assert.ok(
          infraFiles.includes(`${released}/${file}`),
          `${released}/${file} was fetched; got ${infraFiles}`,
        );
      assert.ok(
        infraFiles.some((file) => file.startsWith(`${released}/__federation_expose_app.`)),
        `the new build's exposed screen was loaded; got ${infraFiles}`,
      );
      assert.deepEqual(
        infraFiles.filter((file) => !file.startsWith(`${released}/`)),
        [],
        'nothing of the old build was fetched again',
      );
      assert.deepEqual(
        afterRelease.filter((r) => otherOrigins.some((origin) => r.url.startsWith(origin))).map((r) => r.url),
        [],
        'the other remotes were not fetched again',
      );
      assert.deepEqual(
        afterRelease.filter((r) => r.type === 'document').map((r) => r.url),
        [],
        'no document was loaded',
      );

      // Published paths: hashed files immutable, the manifest revalidated; the old build is still served.
      const manifest = await fetch(`${infraBase}${released}/mf-manifest.json`);
      assert.equal(manifest.headers.get('cache-control'), 'no-cache');
      const hashed = infraFiles.find((file) => /\.[0-9a-f]{8}\.js$/.test(file));
      assert.ok(hashed, `a hashed chunk of ${released} was fetched`);
      assert.equal(
        (await fetch(`${infraBase}${hashed}`)).headers.get('cache-control'),
        'public, max-age=31536000, immutable',
      );
      assert.equal((await fetch(`${infraBase}1.0.0/mf-manifest.json`)).status, 200, '1.0.0 is still served');
      // What the open page downloaded for the swap: the new build's own JS, gzipped.
      const swapJs = infraFiles.filter((file) => file.endsWith('.js'));
      let swapGzipBytes = 0;
      for (const file of swapJs)
        swapGzipBytes += gzipSync(
          Buffer.from(await (await fetch(`${infraBase}${file}`)).arrayBuffer()),
        ).length;

      await page.screenshot({ path: artifactPath('infra-release-1440.png') });
      await page.setViewportSize(PHONE);
      // The sidebar becomes a drawer, off screen until opened.
      await shellNav(page).waitFor({ state: 'hidden' });
      await page.screenshot({ path: artifactPath('infra-release-390.png') });
      await page.setViewportSize({ width: 1440, height: 900 });

      // The rollback: back to 1.0.0, again in place and touching no other remote.
      const beforeRollback = requests.mark();
      const rolledBack = await ops(stack, 'rollback');
      assert.match(rolledBack, /→ 1\.0\.0 .*rolled back/);
      assert.equal((await registryEntry(stack, 'infra')).version, '1.0.0');
      if (showsStamp) await expectText(stamp, 'Served by mf-infra 1.0.0', 10_000);
      await eventually(
        async () =>
          requests
            .since(beforeRollback)
            .filter((r) => r.url.startsWith(`${infraBase}1.0.0/`))
            .map((r) => r.url.slice(infraBase.length)),
        (files) => files.includes('1.0.0/mf-manifest.json') && files.includes('1.0.0/remoteEntry.js'),
        (files) => `the page never went back to 1.0.0's manifest and remoteEntry.js; got ${files}`,
        15_000,
      );
      await expectText(page.getByRole('heading', { level: 1 }), 'Tick Streaming');
      const afterRollback = requests.since(beforeRollback);
      assert.deepEqual(
        afterRollback
          .filter((r) => otherOrigins.some((origin) => r.url.startsWith(origin)))
          .map((r) => r.url),
        [],
        'the other remotes were not fetched on rollback either',
      );
      assert.equal(await page.evaluate(() => window.__noReleaseReload), true, 'still no reload');
      assert.equal(loads, 0);

      // Nothing earlier than 1.0.0 was released: a second rollback is refused with a sentence.
      await assert.rejects(ops(stack, 'rollback'), /mf-infra has no earlier release to roll back to/);
      console.log(
        `    release of mf-infra ${released}: build + publish + swap ${buildSeconds.toFixed(1)} s; ` +
          `the open page ran it ${swapSeconds.toFixed(1)} s after the command returned, downloading ` +
          `${swapJs.length} JS files of it, ${(swapGzipBytes / 1024).toFixed(1)} KiB gzipped`,
      );
    },
    { timeout: 420_000 },
  );
});
