import path from 'node:path';
import { remoteEntrySchema, remoteNameSchema } from '@td/contracts';
import { loadConfig } from '@td/server';
import { defaultRegistry, RemoteRegistryStore } from '../packages/server/src/platform/remote-registry-store';

// `pnpm remote:use <remote> <version> [manifest-url]`: point the running host at another build of one
// remote. The host notices within seconds and swaps it in place; nothing is rebuilt or restarted.
const [name, version, url] = process.argv.slice(2);
const remote = remoteNameSchema.safeParse(name);
if (!remote.success || !version) {
  console.error(`usage: pnpm remote:use <${remoteNameSchema.options.join('|')}> <version> [manifest-url]`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data') });
const defaults = defaultRegistry(config.publicHost, config.remotePorts);
const defaultUrl = defaults.remotes[remote.data]?.manifest_url ?? '';
const manifestUrl = url ?? defaultUrl.replace(/\/\d+\.\d+\.\d+[^/]*\//, `/${version}/`);
const entry = remoteEntrySchema.safeParse({ manifest_url: manifestUrl, version });
if (!entry.success) {
  console.error(entry.error.issues.map((issue) => issue.message).join('; '));
  process.exit(2);
}
const store = new RemoteRegistryStore(path.join(config.dataDir, 'remote-registry.json'), defaults);
store.use(remote.data, entry.data);
console.log(`mf-${remote.data} → ${entry.data.version} (${entry.data.manifest_url})`);
