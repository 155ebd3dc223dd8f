import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORTS, REMOTES, startStack } from './lib/stack';

// `npm start`: the API server, the host shell and every remote from their built dist folders.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = (name: string, fallback: number) => Number(env[name] ?? fallback);

const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
const stack = await startStack({
  root,
  dataDir,
  publicHost: env.PUBLIC_HOST ?? 'localhost',
  ports: {
    api: port('API_PORT', DEFAULT_PORTS.api),
    host: port('HOST_PORT', DEFAULT_PORTS.host),
    remotes: Object.fromEntries(
      REMOTES.map((name) => [name, port(`REMOTE_${name.toUpperCase()}_PORT`, DEFAULT_PORTS.remotes[name])]),
    ) as typeof DEFAULT_PORTS.remotes,
  },
});

console.log(`
Trading Dashboard is running
  open      ${stack.hostUrl}
  API       ${stack.apiUrl}
  remotes   ${REMOTES.map((name) => `mf-${name} :${stack.remotes[name].port}`).join(', ')}
  ops token ${env.OPS_TOKEN ? 'OPS_TOKEN' : path.join(dataDir, 'ops.token')} (pnpm remote:use sends it)
  sign-in   without SMTP_URL, a password setup link asked for on the sign-in screen is printed
            here and written to ${path.join(dataDir, 'setup-link.txt')}
Press Ctrl+C to stop.`);

let stopping = false;
const shutdown = async () => {
  stopping = true;
  await stack.stop();
  process.exit(0);
};
// The supervisor ends only on a clean stop or when it gave up on a crash loop (it said why): the rest goes too.
stack.api.once('exit', (code) => {
  if (stopping) return;
  console.error(
    `The API server's supervisor ended (exit code ${code ?? 'unknown'}); stopping the web servers too.`,
  );
  void stack.stop().finally(() => process.exit(code || 1));
});
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
