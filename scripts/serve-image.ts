import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from '../packages/server/src/engines/ops/restart/supervisor';
import { loadConfig } from '../packages/server/src/runtime/config';
import { startBundleServer } from './lib/bundle-server';
import { hostContentSecurityPolicy } from './lib/content-security-policy';
import { parseUpstreams, waitUntilAnswers } from './lib/image-settings';

// The container image's entrypoint (Dockerfile, docs/decisions/0034): the API under its supervisor on
// loopback, then, once it answers, the host and every remote on PORT with /api passed to the API.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const config = loadConfig(env);
const apiUpstream = `http://127.0.0.1:${config.port}`;

const supervision = supervise({
  command: process.execPath,
  // From the server package's folder: `tsx` resolves from its node_modules (the image has no root ones).
  args: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
  cwd: path.join(root, 'packages/server'),
  env: { ...env, API_HOST: '127.0.0.1', API_SUPERVISED: '1' },
  stdio: ['inherit', 'inherit', 'pipe'],
  stderr: process.stderr,
  // No spare server: in a pod its memory counts against the limit, and the kubelet restarts the rest.
  standby: false,
  log: (line) => console.error(`[supervise-api] ${line}`),
});
// The supervisor gave up (a crash loop) or stopped cleanly: the container ends, Kubernetes decides what next.
void supervision.done.then((code) => process.exit(code));
process.on('SIGINT', () => supervision.signal('SIGINT'));
process.on('SIGTERM', () => supervision.signal('SIGTERM'));

// Whichever remotes the image holds (all of them, as the Dockerfile copies them).
const remoteDists = fs
  .readdirSync(root)
  .filter((name) => name.startsWith('mf-'))
  .map((name) => path.join(root, name, 'dist'));

await waitUntilAnswers(`${apiUpstream}/api/health`);
// The browser's origin: the first HOST_ORIGINS entry, or http://PUBLIC_HOST:HOST_PORT.
const apiUrl = config.hostOrigins[0] ?? `http://localhost:${env.PORT ?? 8080}`;
const server = await startBundleServer({
  port: Number(env.PORT ?? 8080),
  host: env.BIND_HOST ?? '0.0.0.0',
  roots: [path.join(root, 'host/dist'), ...remoteDists],
  spa: {
    indexFile: path.join(root, 'host/dist/index.html'),
    apiUrl,
    contentSecurityPolicy: hostContentSecurityPolicy(apiUrl, config.allowedRemoteOrigins),
  },
  apiUpstream,
  upstreams: parseUpstreams(env.REMOTE_UPSTREAMS ?? ''),
});
console.log(`Trading Dashboard is serving on :${server.port} (API on ${apiUpstream})`);
