import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where this process put the servers it started, so stopping never touches ones it was given. */
const startedDir = Symbol.for('trading-dashboard.testServicesDir');
type WithStartedDir = typeof globalThis & { [startedDir]?: string };

const script = (rootDir: string) => path.join(rootDir, 'scripts', 'test-services.sh');

/**
 * A plain `pnpm exec jest` gets the PostgreSQL and Redis that `npm test` starts, through the same
 * script; when both variables are already set (npm test, or a developer's own servers) it does nothing.
 * Jest's workers start after this and inherit the variables.
 */
export async function startTestServices(rootDir: string): Promise<void> {
  const env = process.env;
  if (env.TEST_DATABASE_URL && env.TEST_REDIS_URL) return;
  // Servers keep the real clock even when this jest runs under faketime (npm test starts them before).
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...realClockEnv } = env;
  // The jest process owns them: the script's watchdog stops them if jest dies before its teardown.
  const { stdout } = await run('bash', [script(rootDir), 'start', String(process.pid)], {
    encoding: 'utf8',
    env: realClockEnv,
  });
  const started = Object.fromEntries(
    stdout
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  if (!started.TEST_SERVICES_DIR || !started.TEST_DATABASE_URL || !started.TEST_REDIS_URL) {
    throw new Error(`scripts/test-services.sh start printed no addresses:\n${stdout}`);
  }
  (globalThis as WithStartedDir)[startedDir] = started.TEST_SERVICES_DIR;
  env.TEST_DATABASE_URL ||= started.TEST_DATABASE_URL;
  env.TEST_REDIS_URL ||= started.TEST_REDIS_URL;
}

/** Stops what startTestServices started in this process, and nothing else. */
export async function stopTestServices(rootDir: string): Promise<void> {
  const dir = (globalThis as WithStartedDir)[startedDir];
  if (!dir) return;
  delete (globalThis as WithStartedDir)[startedDir];
  await run('bash', [script(rootDir), 'stop', dir]);
}
