import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (where pnpm-workspace.yaml lives). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Screenshots and logs of the last run; gitignored (tests/e2e/artifacts/). */
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');

export function artifactPath(fileName: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, fileName);
}

/** A test or file name as a file name: lower case, words joined by dashes. */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'unnamed'
  );
}
