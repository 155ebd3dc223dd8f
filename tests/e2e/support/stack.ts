import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, type RemoteKey, type Stack, type StackPorts, startStack } from '../../../scripts/lib/stack';
import { artifactPath, ROOT, slug } from './paths';
import { freePorts } from './ports';

export interface E2EStack extends Stack {
  ports: StackPorts;
  dataDir: string;
  /** The one authorised address this stack's server accepts. */
  traderEmail: string;
  /** Where the API server's output went. */
  logFile: string;
  /** http://127.0.0.1:<port> of one remote's static server. */
  remoteOrigin(name: RemoteKey): string;
  /** The manifest URL of one published build of a remote on its own server. */
  manifestUrl(name: RemoteKey, version: string): string;
}

/**
 * One whole stack for one test file: the API server (a child process) with a fresh temporary
 * DATA_DIR, the built host and the five remotes, each on a free port. Everything binds to
 * 127.0.0.1 and the browser uses that address, so no other process on ::1 can answer instead.
 */
export async function startE2EStack(fileName: string, env: Record<string, string> = {}): Promise<E2EStack> {
  const [api, host, ...remotePorts] = await freePorts(2 + REMOTES.length);
  const ports: StackPorts = {
    api: api!,
    host: host!,
    remotes: Object.fromEntries(REMOTES.map((name, i) => [name, remotePorts[i]!])) as StackPorts['remotes'],
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `td-e2e-${slug(fileName)}-`));
  const traderEmail = `trader.${slug(fileName)}@example.com`;
  const logFile = artifactPath(`${slug(fileName)}.api.log`);
  const log = fs.createWriteStream(logFile, { flags: 'w' });

  const stack = await startStack({
    root: ROOT,
    ports,
    dataDir,
    publicHost: '127.0.0.1',
    apiOutput: 'pipe',
    // Every API server process of this stack, the first and any restart, writes to the one log.
    onApiStart: (child) => {
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    },
    env: {
      TRADER_EMAIL: traderEmail,
      TRADER_NAME: 'E2E Trader',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // The shell's tests need no trading history; replaying 60 sessions would only slow them.
      REPLAY_HISTORY: 'off',
      // Nor the ML walk-forward over them: a test that reads the ML screen's measured record turns it on.
      ML_WALK_FORWARD: 'off',
      ...env,
    },
  }).catch((error: unknown) => {
    log.end();
    throw error;
  });

  const remoteOrigin = (name: RemoteKey) => `http://127.0.0.1:${ports.remotes[name]}`;
  return {
    ...stack,
    // The process running now: `restartApi` replaces it.
    get api() {
      return stack.api;
    },
    ports,
    dataDir,
    traderEmail,
    logFile,
    remoteOrigin,
    manifestUrl: (name, version) => `${remoteOrigin(name)}/mf-${name}/${version}/mf-manifest.json`,
    // The spread copied the methods, which close over the stack's own remotes map, so they still work.
    stop: async () => {
      try {
        await stack.stop();
      } finally {
        log.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
