import fs from 'node:fs';
import path from 'node:path';
import { type RemoteEntry, type RemoteName, remoteEntrySchema } from '@td/contracts';
import { z } from 'zod';

// What the remote releases keep on disk: the released builds under DATA_DIR/releases and the history of
// what each release replaced (DATA_DIR/remote-releases.json), with the rules a rollback and the next
// version are planned by. Nothing here builds, serves or swaps a remote; remote-releases.ts does.

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
