import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteKey } from '../../../scripts/lib/stack';
import { ROOT } from './paths';
import type { E2EStack } from './stack';

/** `pnpm remote:use`'s script, whichever form this checkout has. */
function remoteUseScript(): string[] | null {
  const ts = path.join(ROOT, 'scripts/remote-use.ts');
  if (fs.existsSync(ts)) return ['--import', 'tsx', ts];
  const mjs = path.join(ROOT, 'scripts/remote-use.mjs');
  if (fs.existsSync(mjs)) return [mjs];
  return null;
}

/**
 * Points the runtime registry at another published build of a remote, the way ops do it
 * (README "How to swap a remote"): `pnpm remote:use <remote> <version> <manifest-url>` run against
 * this stack's DATA_DIR, whose ops token it sends to the running server. Without the script, an
 * ops PUT /api/platform/registry with that token does the same (a browser session may not).
 */
export async function useRemoteVersion(stack: E2EStack, name: RemoteKey, version: string): Promise<void> {
  const manifestUrl = stack.manifestUrl(name, version);
  const script = remoteUseScript();
  if (script) {
    // Run without blocking: this process serves the remotes' builds the script fetches the manifest from.
    const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [...script, name, version, manifestUrl],
        { cwd: ROOT, encoding: 'utf8', env: scriptEnv(stack) },
        (error, stdout, stderr) =>
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    if (result.status !== 0) {
      throw new Error(
        `remote:use ${name} ${version} failed (${result.status}): ${result.stderr || result.stdout}`,
      );
    }
    return;
  }
  const opsToken = fs.readFileSync(path.join(stack.dataDir, 'ops.token'), 'utf8').trim();
  const response = await fetch(`${stack.apiUrl}/api/platform/registry`, {
    method: 'PUT',
    headers: { 'x-ops-token': opsToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, entry: { manifest_url: manifestUrl, version } }),
  });
  if (!response.ok)
    throw new Error(`PUT /api/platform/registry answered ${response.status}: ${await response.text()}`);
}

/** The settings `pnpm remote:use` reads to find this stack's server and ops token. */
function scriptEnv(stack: E2EStack): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: stack.dataDir,
    PUBLIC_HOST: '127.0.0.1',
    API_PORT: String(stack.ports.api),
    HOST_PORT: String(stack.ports.host),
    ...Object.fromEntries(
      REMOTES.map((remote) => [`REMOTE_${remote.toUpperCase()}_PORT`, String(stack.ports.remotes[remote])]),
    ),
  };
}

/** What the API serves as the registry entry of one remote right now. */
export async function registryEntry(
  stack: E2EStack,
  name: RemoteKey,
): Promise<{ manifest_url: string; version: string }> {
  const response = await fetch(`${stack.apiUrl}/api/platform/registry`);
  const body = (await response.json()) as {
    data: { remotes: Record<string, { manifest_url: string; version: string }> };
  };
  const entry = body.data.remotes[name];
  if (!entry) throw new Error(`The registry has no entry for ${name}.`);
  return entry;
}
