import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from '../packages/server/src/ops/restart/supervisor';

// The API server under a supervisor (scripts/lib/stack.ts starts this, for `npm start` and the e2e
// stack): an exit with the restart code (POST /api/management/server/restart) starts it again; any
// other exit, or Ctrl+C / SIGTERM passed on to it, ends here with the server's own code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supervision = supervise({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
  cwd: root,
  env: { ...process.env, API_SUPERVISED: '1' },
  stdio: 'inherit',
  log: (line) => console.log(`[supervise-api] ${line}`),
});
process.on('SIGINT', () => supervision.signal('SIGINT'));
process.on('SIGTERM', () => supervision.signal('SIGTERM'));
process.exit(await supervision.done);
