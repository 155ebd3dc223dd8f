import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';

/** What the API server and its supervisor say to each other over the IPC channel (main.ts speaks the other side). */
export type SupervisorMessage =
  /** A spare has loaded its modules and waits for `start`. */
  | { type: 'standing-by' }
  /** The server listens: the supervisor may now load the next spare. */
  | { type: 'ready' }
  /** To a spare: become the server, with these variables added to the environment. */
  | { type: 'start'; env: Record<string, string> };

/** Set on a spare: load, say standing-by, wait for `start` (packages/server/src/main.ts). */
export const STANDBY_ENV = 'API_STANDBY';

const STDERR_TAIL_CHARS = 2000;
const STDERR_TAIL_LINES = 8;

export interface SpawnedChild {
  process: ChildProcess;
  /** The last lines the child wrote to stderr (when its stderr is piped). */
  stderrTail(): string;
}

/** Starts one child; with stderr piped, passes its error output on to `stderr` and keeps the tail. */
export function spawnChild(options: {
  command: string;
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  stdio: StdioOptions;
  stderr?: NodeJS.WritableStream;
}): SpawnedChild {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.stdio,
  });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    options.stderr?.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  return {
    process: child,
    stderrTail: () => tail.trimEnd().split('\n').slice(-STDERR_TAIL_LINES).join('\n'),
  };
}

/** The stdio list with an IPC channel added, whatever form `stdio` came in. */
export function withIpc(stdio: StdioOptions | undefined): StdioOptions {
  const list = Array.isArray(stdio)
    ? [...stdio]
    : [stdio ?? 'inherit', stdio ?? 'inherit', stdio ?? 'inherit'];
  return list.includes('ipc') ? list : [...list, 'ipc'];
}

export function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}
