import { spawn } from 'node:child_process';
import path from 'node:path';
import { remoteNameSchema } from '@td/contracts';
import { loadConfig } from '@td/server';
import { defaultRegistry } from '../packages/server/src/engines/registry/remote-registry-store';
import { readOpsToken } from '../packages/server/src/storage/secrets/ops-token';
import { ReleaseError } from './lib/release-history';
import { releaseRemote, rollbackRemote, UseRemoteError } from './lib/remote-releases';

// `pnpm remote:release <remote> [version]`: build one remote under a new version, publish it under its own
// immutable path beside the builds already served, and point the running shell at it (as remote:use does).
// `pnpm remote:rollback <remote>`: point the shell back at the build the last release replaced.
// README "Ops: releasing one remote".
const root = path.resolve(import.meta.dirname, '..');
const [mode, name, version] = process.argv.slice(2);
const remote = remoteNameSchema.safeParse(name);
const names = remoteNameSchema.options.join('|');
if (!remote.success || (mode !== 'release' && mode !== 'rollback') || (mode === 'rollback' && version)) {
  console.error(`usage: pnpm remote:release <${names}> [version]\n       pnpm remote:rollback <${names}>`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve(root, 'data') });
const apiUrl = `http://${config.publicHost}:${config.port}`;
const opsToken = readOpsToken(config.dataDir, config.opsToken);
const defaultUrl =
  defaultRegistry(config.publicHost, config.remotePorts).remotes[remote.data]?.manifest_url ?? '';
const packageDir = path.join(root, `mf-${remote.data}`);

/** rspack with the version stamp (__REMOTE_VERSION__, the chunk-loading global) into the staging folder. */
const build = (stamp: string, outDir: string) =>
  new Promise<void>((resolve, reject) => {
    console.log(`› building mf-${remote.data} ${stamp}`);
    const child = spawn(
      'pnpm',
      ['exec', 'rspack', 'build', '--env', `version=${stamp}`, '--output-path', outDir],
      { cwd: packageDir, stdio: 'inherit' },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new ReleaseError(
              `The build of mf-${remote.data} ${stamp} failed (exit ${code}); nothing was published.`,
            ),
          ),
    );
  });

try {
  if (mode === 'release') {
    const result = await releaseRemote({
      name: remote.data,
      version,
      dataDir: config.dataDir,
      distDir: path.join(packageDir, 'dist', `mf-${remote.data}`),
      // The remote's own static server, which serves DATA_DIR/releases/ beside dist/ (scripts/lib/stack.ts).
      manifestUrlOf: (v) => `${new URL(defaultUrl).origin}/mf-${remote.data}/${v}/mf-manifest.json`,
      build,
      apiUrl,
      opsToken,
    });
    console.log(
      `mf-${result.name} ${result.from?.version ?? 'none'} → ${result.to.version} (${result.to.manifest_url})\n` +
        `published in ${path.relative(root, result.dir) || result.dir}; open browsers swap it in within seconds.\n` +
        `undo with: pnpm remote:rollback ${result.name}`,
    );
  } else {
    const result = await rollbackRemote({ name: remote.data, dataDir: config.dataDir, apiUrl, opsToken });
    console.log(
      `mf-${result.name} ${result.from.version} → ${result.to.version} (${result.to.manifest_url}), rolled back.`,
    );
  }
} catch (error) {
  if (!(error instanceof ReleaseError || error instanceof UseRemoteError)) throw error;
  console.error(error.message);
  process.exit(1);
}
