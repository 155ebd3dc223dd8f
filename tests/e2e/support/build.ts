import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../../../scripts/lib/stack';
import { ROOT } from './paths';

/** The second mf-infra build the hot-swap case moves to; it sits beside 1.0.0 under dist/mf-infra/. */
export const INFRA_NEXT_VERSION = '1.0.1';

const manifestOf = (remote: string, version: string) =>
  path.join(ROOT, `mf-${remote}`, 'dist', `mf-${remote}`, version, 'mf-manifest.json');

function run(command: string, args: string[], cwd: string): void {
  console.log(`› ${path.relative(ROOT, cwd) || '.'}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with code ${result.status}`);
}

/**
 * Builds the host and the remotes when a dist folder is missing (`npm test` has built them already),
 * and mf-infra 1.0.1 whenever it is missing or older than the 1.0.0 build it should match.
 */
export function ensureBuilt(): void {
  const missing = [
    path.join(ROOT, 'host/dist/index.html'),
    ...REMOTES.map((remote) => manifestOf(remote, '1.0.0')),
  ].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) run('pnpm', ['run', 'build'], ROOT);

  const current = manifestOf('infra', '1.0.0');
  const next = manifestOf('infra', INFRA_NEXT_VERSION);
  if (!fs.existsSync(next) || fs.statSync(next).mtimeMs < fs.statSync(current).mtimeMs) {
    run(
      'pnpm',
      ['exec', 'rspack', 'build', '--env', `version=${INFRA_NEXT_VERSION}`],
      path.join(ROOT, 'mf-infra'),
    );
  }
}
