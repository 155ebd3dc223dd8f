import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import {
  CrashHistory,
  type CrashPolicy,
  DEFAULT_CRASH_POLICY,
  describeExit,
  exitCodeOf,
  formatDuration,
} from './crash-policy';
import { RESTART_EXIT_CODE } from './restart-service';

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

const STDERR_TAIL_CHARS = 2000;
const STDERR_TAIL_LINES = 8;

/**
 * Runs the API server and keeps it running. An exit with RESTART_EXIT_CODE (a restart asked for over
 * the API) starts it again at once; a crash (any other non-zero code, or a signal such as kill -9)
 * starts it again after a backoff (CrashPolicy), unless it is a crash loop, which ends the
 * supervision with the crash's code. Exit code 0 is a clean stop and is passed through. A signal the
 * supervisor passes on is final: the child's exit after it is not restarted, whatever its code.
 */
export function supervise(options: SuperviseOptions): Supervision {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const policy = { ...DEFAULT_CRASH_POLICY, ...options.crashPolicy };
  const crashes = new CrashHistory(policy);
  const record: RestartRecord = { restarts: 0, lastRestartAt: null, lastRestartReason: null };
  let child: ChildProcess | null = null;
  let pendingRestart: ReturnType<typeof setTimeout> | null = null;
  let stopping = false;
  let run = 0;
  let finish: (code: number) => void = () => {};

  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  const restart = (reason: string) => {
    record.restarts += 1;
    record.lastRestartAt = now();
    record.lastRestartReason = reason;
    start();
  };

  const start = () => {
    run += 1;
    const startedAt = now();
    let stderrTail = '';
    const current = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), ...restartEnv(record) },
      stdio: options.stdio ?? 'inherit',
    });
    child = current;
    current.stderr?.on('data', (chunk: Buffer) => {
      options.stderr?.write(chunk);
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    options.onStart?.(current, run);
    current.once('error', (error) => {
      log(`could not start the API server: ${error.message}`);
      finish(1);
    });
    current.once('exit', (code, signal) => {
      if (stopping) return finish(exitCodeOf(code, signal));
      if (code === RESTART_EXIT_CODE) {
        log(`the API server exited to restart (code ${code}); starting it again`);
        return restart(`restart asked for over the API (exit code ${code})`);
      }
      if (code === 0) return finish(0);
      const how = describeExit(code, signal);
      const ranFor = formatDuration(now() - startedAt);
      const tail = lastLines(stderrTail);
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
  };
  start();

  return {
    done,
    signal(signal) {
      stopping = true;
      if (pendingRestart) {
        // Waiting to restart after a crash: nothing runs, so the stop is clean at once.
        clearTimeout(pendingRestart);
        pendingRestart = null;
        finish(0);
        return;
      }
      const current = child as ChildProcess | null;
      if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    },
  };
}

function lastLines(text: string): string {
  return text.trimEnd().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
}
