import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Our packages and the subpaths a browser build imports (test-support and build are not shipped). */
export const OWN_PACKAGES = {
  '@td/contracts': ['@td/contracts'],
  '@td/ui': ['@td/ui'],
  '@td/api-client': ['@td/api-client'],
  // Not '@td/platform/chart': shared, it is one whole module with the chart library behind it (0050).
  '@td/platform': ['@td/platform'],
} as const;

export type OwnPackage = keyof typeof OWN_PACKAGES;

/** Test files never reach a bundle, so editing one must not give the package a new version. */
const NOT_SHIPPED = /\.test\.tsx?$|[\\/]test-support[\\/]/;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !NOT_SHIPPED.test(file))
    .sort();
}

function workspaceDependencies(packageDir: string): OwnPackage[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((name): name is OwnPackage => name in OWN_PACKAGES)
    .sort();
}

/**
 * A version that names the package's source: `0.0.0-h<first 12 hex of sha256>` over every shipped file
 * under src/ (path and bytes), its package.json, and the versions of the packages of ours it depends
 * on. Two builds from the same source get the same version and may share one copy on a page; a build
 * from a changed file, or from a changed package it imports, gets another and keeps its own copy
 * (docs/decisions/0008, 0050). `packagesDir` holds the packages by folder name (contracts, ui, …).
 */
export function ownPackageVersion(packagesDir: string, name: OwnPackage, seen: OwnPackage[] = []): string {
  if (seen.includes(name)) throw new Error(`${[...seen, name].join(' → ')} import each other in a cycle.`);
  const packageDir = path.join(packagesDir, name.slice('@td/'.length));
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(packageDir, 'package.json')));
  for (const file of sourceFiles(path.join(packageDir, 'src'))) {
    hash.update(`\0${path.relative(packageDir, file).split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(file));
  }
  for (const dependency of workspaceDependencies(packageDir)) {
    hash.update(`\0${dependency}@${ownPackageVersion(packagesDir, dependency, [...seen, name])}`);
  }
  // A letter first: an all-digit pre-release identifier with a leading zero is not valid semver.
  return `0.0.0-h${hash.digest('hex').slice(0, 12)}`;
}

/**
 * Share entries for our packages: never one copy forced on the page (`singleton: false`), and only an
 * exact version match is taken (`strictVersion`): a remote reuses the host's copy only when both were
 * built from the same source, otherwise it loads the fallback it was built with.
 */
export function ownPackagesShared(
  packagesDir: string,
  names: readonly OwnPackage[] = Object.keys(OWN_PACKAGES) as OwnPackage[],
) {
  const shared: Record<
    string,
    { singleton: false; version: string; requiredVersion: string; strictVersion: true }
  > = {};
  for (const name of names) {
    const keys: readonly string[] = OWN_PACKAGES[name];
    const version = ownPackageVersion(packagesDir, name);
    for (const key of keys)
      shared[key] = { singleton: false, version, requiredVersion: version, strictVersion: true };
  }
  return shared;
}
