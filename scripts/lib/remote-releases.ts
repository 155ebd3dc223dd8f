import fs from 'node:fs';
import path from 'node:path';
import { type RemoteEntry, type RemoteName, type RemoteRegistry, remoteEntrySchema } from '@td/contracts';
import { z } from 'zod';
import {
  UseRemoteError,
  type UseRemoteOptions,
  useRemote,
} from '../../packages/server/src/engines/registry/use-remote';

/**
 * `pnpm remote:release` / `pnpm remote:rollback` (README "Ops: releasing one remote"): a release builds one
 * remote under a new version into DATA_DIR/releases/mf-<name>/<version>/, which the remote's own static
 * server serves at /mf-<name>/<version>/ beside the builds in dist; the registry is then pointed at it
 * through the running server exactly as `pnpm remote:use` does. The history of what each release replaced
 * is kept in DATA_DIR/remote-releases.json, so a rollback knows where to go back to.
 */

/** Where released builds live: DATA_DIR/releases/mf-<name>/<version>/ (never rewritten once there). */
export const releasesRoot = (dataDir: string) => path.join(dataDir, 'releases');
export const releaseDir = (dataDir: string, name: RemoteName, version: string) =>
  path.join(releasesRoot(dataDir), `mf-${name}`, version);
export const releaseHistoryFile = (dataDir: string) => path.join(dataDir, 'remote-releases.json');

const recordSchema = z.object({
  version: remoteEntrySchema.shape.version,
  manifest_url: remoteEntrySchema.shape.manifest_url,
  /** 'release': built by remote:release; 'registry': what was in force before the first release. */
  source: z.enum(['release', 'registry']),
  at: z.string(),
  rolled_back_at: z.string().nullable(),
});
export type ReleaseRecord = z.infer<typeof recordSchema>;

const historySchema = z.object({
  remotes: z.partialRecord(z.enum(['auth', 'trading', 'analytics', 'ml', 'infra']), z.array(recordSchema)),
});
export type ReleaseHistory = z.infer<typeof historySchema>;

/** A release or rollback refused; the message says why and what to do, and nothing was changed. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** The history file, or an empty history when there is none yet. A spoilt file is refused, not overwritten. */
export function readReleaseHistory(dataDir: string): ReleaseHistory {
  const file = releaseHistoryFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { remotes: {} };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ReleaseError(`${file} is not JSON; fix or remove it (the registry itself is not affected).`);
  }
  const parsed = historySchema.safeParse(document);
  if (!parsed.success)
    throw new ReleaseError(
      `${file} is not a release history (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}); fix or remove it.`,
    );
  return parsed.data;
}

export function writeReleaseHistory(dataDir: string, history: ReleaseHistory): void {
  const file = releaseHistoryFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(history, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

const sameEntry = (record: ReleaseRecord, entry: RemoteEntry) =>
  record.version === entry.version && record.manifest_url === entry.manifest_url;

/** The releases of one remote still in force, oldest first: the stack a rollback pops. */
export const liveReleases = (history: ReleaseHistory, name: RemoteName): ReleaseRecord[] =>
  (history.remotes[name] ?? []).filter((record) => record.rolled_back_at === null);

/** The history after `entry` was released over `current` (the entry in force until now). */
export function recordRelease(
  history: ReleaseHistory,
  name: RemoteName,
  current: RemoteEntry | undefined,
  entry: RemoteEntry,
  at: Date,
): ReleaseHistory {
  const records = [...(history.remotes[name] ?? [])];
  const top = liveReleases(history, name).at(-1);
  // What the release replaces goes first when the history does not already end with it (the first release,
  // or a `remote:use` since the last one), so a rollback can always go back to it.
  if (current && !(top && sameEntry(top, current)))
    records.push({ ...current, source: 'registry', at: at.toISOString(), rolled_back_at: null });
  records.push({ ...entry, source: 'release', at: at.toISOString(), rolled_back_at: null });
  return { remotes: { ...history.remotes, [name]: records } };
}

/**
 * Where a rollback of `name` goes from `current` (the entry in force), or why it cannot: the release in
 * force is marked rolled back and the one before it becomes the target.
 */
export function planRollback(
  history: ReleaseHistory,
  name: RemoteName,
  current: RemoteEntry | undefined,
  at: Date,
): { target: ReleaseRecord; history: ReleaseHistory } {
  const live = liveReleases(history, name);
  const top = live.at(-1);
  const previous = live.at(-2);
  if (top?.source !== 'release' || !previous)
    throw new ReleaseError(
      `mf-${name} has no earlier release to roll back to: \`pnpm remote:release ${name}\` has not replaced anything ` +
        'that is still in force. To point the shell at a particular build, use `pnpm remote:use`.',
    );
  if (!current || !sameEntry(top, current))
    throw new ReleaseError(
      `mf-${name} is running ${current?.version ?? 'nothing'} (${current?.manifest_url ?? 'no registry entry'}), ` +
        `not ${top.version}, the last release, so the history does not say what came before it. ` +
        `Use \`pnpm remote:use ${name} <version>\` to choose a build; nothing was changed.`,
    );
  const records = (history.remotes[name] ?? []).map((record) =>
    record === top ? { ...record, rolled_back_at: at.toISOString() } : record,
  );
  return { target: previous, history: { remotes: { ...history.remotes, [name]: records } } };
}

const parseVersion = (version: string) => {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};

/** The next patch version above every version already used (published builds, history, the registry). */
export function nextVersion(used: readonly string[]): string {
  let highest: number[] = [1, 0, 0];
  for (const version of used) {
    const parts = parseVersion(version);
    if (!parts) continue;
    const greater = parts.findIndex((part, i) => part !== highest[i]);
    if (greater !== -1 && (parts[greater] ?? 0) > (highest[greater] ?? 0)) highest = parts;
  }
  return `${highest[0]}.${highest[1]}.${(highest[2] ?? 0) + 1}`;
}

/** The version folders in `dir` (dist/mf-<name>/ or DATA_DIR/releases/mf-<name>/). */
export function publishedVersions(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((dirent) => dirent.isDirectory() && parseVersion(dirent.name))
      .map((dirent) => dirent.name);
  } catch {
    return [];
  }
}

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
