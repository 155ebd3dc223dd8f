import type { ChildProcess, StdioOptions } from 'node:child_process';
import {
  CrashHistory,
  type CrashPolicy,
  DEFAULT_CRASH_POLICY,
  describeExit,
  exitCodeOf,
  formatDuration,
} from './crash-policy';
import { RESTART_EXIT_CODE } from './restart-service';
import {
  isAlive,
  type SpawnedChild,
  STANDBY_ENV,
  type SupervisorMessage,
  spawnChild,
  withIpc,
} from './supervised-child';

export interface SuperviseOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** With stderr 'pipe', the child's error output is passed on to `stderr` and its tail kept for the log. */
  stdio?: StdioOptions;
  stderr?: NodeJS.WritableStream;
  /** Called with each child as it starts: the first and every restart. */
  onStart?(child: ChildProcess, run: number): void;
  log?(line: string): void;
  crashPolicy?: Partial<CrashPolicy>;
  now?: () => number;
  /** Keep a spare child loaded (IPC added to stdio; the child must speak SupervisorMessage, as main.ts does). */
  standby?: boolean;
}

export interface Supervision {
  /** 0 after a clean stop; the child's own code after a clean exit; non-zero after giving up on a crash loop. */
  done: Promise<number>;
  /** Passes a signal on to the child running now; its exit then ends the supervision (a pending restart is dropped). */
  signal(signal: NodeJS.Signals): void;
}

/** What each child is told about the restarts before it (the diagnostics show them: GET /api/management/server/status). */
export interface RestartRecord {
  restarts: number;
  lastRestartAt: number | null;
  lastRestartReason: string | null;
}

/** The environment variables the record travels in; config.ts reads them. */
export function restartEnv(record: RestartRecord): Record<string, string> {
  return {
    API_SUPERVISOR_RESTARTS: String(record.restarts),
    ...(record.lastRestartAt === null
      ? {}
      : {
          API_SUPERVISOR_LAST_RESTART_AT: String(record.lastRestartAt),
          API_SUPERVISOR_LAST_RESTART_REASON: record.lastRestartReason ?? '',
        }),
  };
}

/**
 * Runs the API server and keeps it running. An exit with RESTART_EXIT_CODE (a restart asked for over
 * the API) starts it again at once; a crash (any other non-zero code, or a signal such as kill -9)
 * starts it again after a backoff (CrashPolicy), unless it is a crash loop, which ends the
 * supervision with the crash's code. Exit code 0 is a clean stop and is passed through. A signal the
 * supervisor passes on is final: the child's exit after it is not restarted, whatever its code.
 *
 * With `standby`, a spare child is loaded once the server listens and waits, modules loaded, to take
 * over: a restart then skips the seconds of loading and compiling (decision 0021).
 */
export function supervise(options: SuperviseOptions): Supervision {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const policy = { ...DEFAULT_CRASH_POLICY, ...options.crashPolicy };
  const crashes = new CrashHistory(policy);
  const record: RestartRecord = { restarts: 0, lastRestartAt: null, lastRestartReason: null };
  const stdio = options.standby ? withIpc(options.stdio) : (options.stdio ?? 'inherit');
  const baseEnv = options.env ?? process.env;
  let child: ChildProcess | null = null;
  let spare: { child: SpawnedChild; loaded: boolean } | null = null;
  let pendingRestart: ReturnType<typeof setTimeout> | null = null;
  let stopping = false;
  let ended = false;
  let run = 0;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });
  const finish = (code: number) => {
    if (ended) return;
    ended = true;
    dropSpare();
    resolveDone(code);
  };
  const launch = (env: NodeJS.ProcessEnv) => spawnChild({ ...options, env, stdio });

  function dropSpare() {
    if (spare && isAlive(spare.child.process)) spare.child.process.kill('SIGTERM');
    spare = null;
  }

  function loadSpare() {
    if (!options.standby || stopping || ended || spare) return;
    const loading = { child: launch({ ...baseEnv, [STANDBY_ENV]: '1' }), loaded: false };
    spare = loading;
    loading.child.process.on('message', (message: SupervisorMessage) => {
      if (message?.type !== 'standing-by') return;
      loading.loaded = true;
      log(`a spare API server (pid ${loading.child.process.pid}) is loaded and stands by for a restart`);
    });
    loading.child.process.once('exit', () => {
      if (spare === loading) spare = null;
    });
  }

  const restart = (reason: string) => {
    record.restarts += 1;
    record.lastRestartAt = now();
    record.lastRestartReason = reason;
    start();
  };

  function start() {
    run += 1;
    const startedAt = now();
    let current: SpawnedChild;
    if (spare?.loaded && isAlive(spare.child.process)) {
      current = spare.child;
      spare = null;
      current.process.send({ type: 'start', env: restartEnv(record) } satisfies SupervisorMessage);
    } else {
      dropSpare();
      current = launch({ ...baseEnv, ...restartEnv(record) });
    }
    child = current.process;
    current.process.on('message', (message: SupervisorMessage) => {
      if (message?.type === 'ready') loadSpare();
    });
    options.onStart?.(current.process, run);
    current.process.once('error', (error) => {
      log(`could not start the API server: ${error.message}`);
      finish(1);
    });
    current.process.once('exit', (code, signal) => {
      if (stopping) return finish(exitCodeOf(code, signal));
      if (code === RESTART_EXIT_CODE) {
        log(`the API server exited to restart (code ${code}); starting it again`);
        return restart(`restart asked for over the API (exit code ${code})`);
      }
      if (code === 0) return finish(0);
      const how = describeExit(code, signal);
      const ranFor = formatDuration(now() - startedAt);
      const tail = current.stderrTail();
      const decision = crashes.afterCrash(now(), now() - startedAt);
      if ('giveUp' in decision) {
        log(
          `the API server crashed ${decision.crashesInWindow} times within ${formatDuration(policy.crashWindowMs)} (last: ${how} after ${ranFor}); not starting it again. ${tail ? `Its last error output:\n${tail}\n` : ''}Fix the cause shown in the log above, then run npm start again.`,
        );
        return finish(exitCodeOf(code, signal) || 1);
      }
      log(
        `the API server stopped unexpectedly (${how}) after ${ranFor}; starting it again in ${formatDuration(decision.restartInMs)} (crash ${decision.crashesInWindow} of ${policy.maxCrashes} allowed within ${formatDuration(policy.crashWindowMs)})${tail ? `. Its last error output:\n${tail}` : ''}`,
      );
      pendingRestart = setTimeout(() => {
        pendingRestart = null;
        restart(`crashed (${how})`);
      }, decision.restartInMs);
    });
  }
  start();

  return {
    done,
    signal(signal) {
      stopping = true;
      dropSpare();
      if (pendingRestart) {
        // Waiting to restart after a crash: nothing runs, so the stop is clean at once.
        clearTimeout(pendingRestart);
        pendingRestart = null;
        finish(0);
        return;
      }
      const current = child as ChildProcess | null;
      if (current && isAlive(current)) current.kill(signal);
    },
  };
}
