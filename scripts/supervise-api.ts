import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from '../packages/server/src/engines/ops/restart/supervisor';

// The API server under a supervisor (scripts/lib/stack.ts starts this, for `npm start` and the e2e
// stack): an exit with the restart code (POST /api/management/server/restart) starts it again at once,
// a crash (exit 1, kill -9) after a backoff of 1 s doubling to 30 s, until 5 crashes within 2 minutes
// end it with a sentence; Ctrl+C / SIGTERM are passed on to the server and stop everything.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supervision = supervise({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
  cwd: root,
  env: { ...process.env, API_SUPERVISED: '1' },
  // The server's error output passes through here, so a crash's last lines can be quoted in the log.
  stdio: ['inherit', 'inherit', 'pipe'],
  stderr: process.stderr,
  // A spare server waits loaded beside the running one, so a restart does not wait for tsx to compile.
  standby: true,
  log: (line) => console.error(`[supervise-api] ${line}`),
});
process.on('SIGINT', () => supervision.signal('SIGINT'));
process.on('SIGTERM', () => supervision.signal('SIGTERM'));
process.exit(await supervision.done);
