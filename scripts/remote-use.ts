import path from 'node:path';
import { remoteNameSchema } from '@td/contracts';
import { loadConfig } from '@td/server';
import { defaultRegistry } from '../packages/server/src/engines/registry/remote-registry-store';
import { UseRemoteError, useRemote } from '../packages/server/src/engines/registry/use-remote';
import { readOpsToken } from '../packages/server/src/storage/secrets/ops-token';

// `pnpm remote:use <remote> <version> [manifest-url]`: point the running host at another build of one
// remote. The host notices within seconds and swaps it in place; nothing is rebuilt or restarted.
// The swap goes through the running server with the ops token, which checks the manifest's origin.
const [name, version, url] = process.argv.slice(2);
const remote = remoteNameSchema.safeParse(name);
if (!remote.success || !version) {
  console.error(`usage: pnpm remote:use <${remoteNameSchema.options.join('|')}> <version> [manifest-url]`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data') });
const defaultUrl =
  defaultRegistry(config.publicHost, config.remotePorts).remotes[remote.data]?.manifest_url ?? '';
try {
  const registry = await useRemote({
    name: remote.data,
    version,
    manifestUrl: url ?? withVersion(defaultUrl, version),
    apiUrl: `http://${config.publicHost}:${config.port}`,
    opsToken: readOpsToken(config.dataDir, config.opsToken),
  });
  const entry = registry.remotes[remote.data];
  console.log(`mf-${remote.data} → ${entry?.version} (${entry?.manifest_url})`);
} catch (error) {
  if (!(error instanceof UseRemoteError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** The default manifest URL with its version folder swapped; only the path is touched (a host may be 127.0.0.1). */
function withVersion(manifestUrl: string, next: string): string {
  if (!URL.canParse(manifestUrl)) return manifestUrl;
  const parsed = new URL(manifestUrl);
  parsed.pathname = parsed.pathname.replace(/\/\d+\.\d+\.\d+[^/]*\//, `/${next}/`);
  return parsed.toString();
}
