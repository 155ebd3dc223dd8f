import fs from 'node:fs';
import path from 'node:path';
import { type RemoteEntry, type RemoteName, type RemoteRegistry, remoteEntrySchema } from '@td/contracts';
import {
  UseRemoteError,
  type UseRemoteOptions,
  useRemote,
} from '../../packages/server/src/engines/registry/use-remote';
import {
  nextVersion,
  planRollback,
  publishedVersions,
  ReleaseError,
  readReleaseHistory,
  recordRelease,
  releaseDir,
  releasesRoot,
  writeReleaseHistory,
} from './release-history';

/**
 * `pnpm remote:release` / `pnpm remote:rollback` (README "Ops: releasing one remote"): a release builds one
 * remote under a new version into DATA_DIR/releases/mf-<name>/<version>/, which the remote's own static
 * server serves at /mf-<name>/<version>/ beside the builds in dist; the registry is then pointed at it
 * through the running server exactly as `pnpm remote:use` does. The history of what each release replaced
 * is kept in DATA_DIR/remote-releases.json, so a rollback knows where to go back to.
 */

export interface ReleaseOptions {
  name: RemoteName;
  /** A version to publish under; the next free patch version when absent. */
  version?: string;
  dataDir: string;
  /** The remote's dist/mf-<name>/ folder: its versions are served first, so a release may not reuse one. */
  distDir: string;
  /** The manifest URL a version of this remote is served at by its static server. */
  manifestUrlOf(version: string): string;
  /** Builds the remote stamped with `version` into `outDir` (rspack --env version=… --output-path …). */
  build(version: string, outDir: string): Promise<void>;
  apiUrl: string;
  opsToken: string | null;
  fetch?: typeof fetch;
  now?: () => Date;
  /** The registry swap; `useRemote` (the code path of `pnpm remote:use`) unless a test replaces it. */
  swap?: (options: UseRemoteOptions) => Promise<RemoteRegistry>;
}

/** The registry the running server serves now. */
async function liveRegistry(apiUrl: string, fetchImpl: typeof fetch): Promise<RemoteRegistry> {
  try {
    const response = await fetchImpl(`${apiUrl}/api/platform/registry`, {
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { data?: RemoteRegistry };
    if (!response.ok || !body.data) throw new Error(`it answered ${response.status}`);
    return body.data;
  } catch (error) {
    throw new ReleaseError(
      `The API server at ${apiUrl} did not serve the registry (${reason(error)}); ` +
        'start it (npm start) and try again. Nothing was changed.',
    );
  }
}

const reason = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);

/** One lock per DATA_DIR: two releases at once would both read the same history and one would be lost. */
function takeLock(dataDir: string): () => void {
  const lock = path.join(dataDir, 'remote-releases.lock');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => fs.rmSync(lock, { force: true });
    } catch {
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder))
        throw new ReleaseError(
          `Another release or rollback is running (process ${holder}); wait for it to finish. Nothing was changed.`,
        );
      fs.rmSync(lock, { force: true }); // left by a process that no longer runs
    }
  }
  throw new ReleaseError(`Could not take ${lock}; remove it if no release is running.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ReleaseResult {
  name: RemoteName;
  from: RemoteEntry | undefined;
  to: RemoteEntry;
  dir: string;
}

/**
 * Builds, publishes and swaps in a new version of one remote. The build goes to a staging folder and is
 * renamed into place whole, so a half-written release is never served; a version already published is
 * refused (published paths are immutable). If the swap is refused, the published build stays on disk
 * (unused) and the history is unchanged.
 */
export async function releaseRemote(options: ReleaseOptions): Promise<ReleaseResult> {
  const { name, dataDir } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const unlock = takeLock(dataDir);
  try {
    const history = readReleaseHistory(dataDir);
    const registry = await liveRegistry(options.apiUrl, fetchImpl);
    const current = registry.remotes[name];
    const published = [
      ...publishedVersions(options.distDir),
      ...publishedVersions(path.join(releasesRoot(dataDir), `mf-${name}`)),
    ];
    const version =
      options.version ??
      nextVersion([
        ...published,
        ...(history.remotes[name] ?? []).map((r) => r.version),
        current?.version ?? '',
      ]);
    const versionCheck = remoteEntrySchema.shape.version.safeParse(version);
    if (!versionCheck.success)
      throw new ReleaseError(`${version}: ${versionCheck.error.issues[0]?.message}.`);
    if (published.includes(version))
      throw new ReleaseError(
        `mf-${name} ${version} is already published, and a published version is never rebuilt; choose another version.`,
      );

    const dir = releaseDir(dataDir, name, version);
    const staging = path.join(releasesRoot(dataDir), '.staging', `mf-${name}-${version}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(staging), { recursive: true });
    try {
      await options.build(version, staging);
      if (!fs.existsSync(path.join(staging, 'mf-manifest.json')))
        throw new ReleaseError(
          `The build of mf-${name} ${version} wrote no mf-manifest.json; nothing was published.`,
        );
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.renameSync(staging, dir);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }

    const entry = { version, manifest_url: options.manifestUrlOf(version) };
    await (options.swap ?? useRemote)({
      name,
      version,
      manifestUrl: entry.manifest_url,
      apiUrl: options.apiUrl,
      opsToken: options.opsToken,
      fetch: options.fetch,
    });
    writeReleaseHistory(dataDir, recordRelease(history, name, current, entry, now()));
    return { name, from: current, to: entry, dir };
  } finally {
    unlock();
  }
}

export type RollbackOptions = Pick<
  ReleaseOptions,
  'name' | 'dataDir' | 'apiUrl' | 'opsToken' | 'fetch' | 'now' | 'swap'
>;

/** Points the registry back at the release before the one in force, and marks that one rolled back. */
export async function rollbackRemote(
  options: RollbackOptions,
): Promise<{ name: RemoteName; from: RemoteEntry; to: RemoteEntry }> {
  const { name, dataDir } = options;
  const fetchImpl = options.fetch ?? fetch;
  const unlock = takeLock(dataDir);
  try {
    const history = readReleaseHistory(dataDir);
    const current = (await liveRegistry(options.apiUrl, fetchImpl)).remotes[name];
    const plan = planRollback(history, name, current, (options.now ?? (() => new Date()))());
    const to = { version: plan.target.version, manifest_url: plan.target.manifest_url };
    await (options.swap ?? useRemote)({
      name,
      version: to.version,
      manifestUrl: to.manifest_url,
      apiUrl: options.apiUrl,
      opsToken: options.opsToken,
      fetch: options.fetch,
    });
    writeReleaseHistory(dataDir, plan.history);
    // planRollback refused unless the registry named the release in force.
    return { name, from: current as RemoteEntry, to };
  } finally {
    unlock();
  }
}

export { UseRemoteError };
