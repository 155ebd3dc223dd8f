import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import os from 'node:os';
import { RESTART_EXIT_CODE } from './restart-service';

export interface SuperviseOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  /** Called with each child as it starts: the first and every restart. */
  onStart?(child: ChildProcess, run: number): void;
  log?(line: string): void;
}

export interface Supervision {
  /** The supervised command's own exit code, once it ends with anything but the restart code. */
  done: Promise<number>;
  /** Passes a signal on to the child running now; its exit then ends the supervision. */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Runs a command and starts it again whenever it exits with RESTART_EXIT_CODE (the API's
 * /api/management/server/restart); any other exit ends the supervision with that code. A signal the
 * supervisor passes on is final: the child's exit after it is not restarted, whatever its code.
 */
export function supervise(options: SuperviseOptions): Supervision {
  let child: ChildProcess | null = null;
  let stopping = false;
  let run = 0;
  const log = options.log ?? (() => {});

  const done = new Promise<number>((resolve) => {
    const start = () => {
      run += 1;
      const current = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: options.env,
        stdio: options.stdio ?? 'inherit',
      });
      child = current;
      options.onStart?.(current, run);
      current.once('error', (error) => {
        log(`could not start the API server: ${error.message}`);
        resolve(1);
      });
      current.once('exit', (code, signal) => {
        if (code === RESTART_EXIT_CODE && !stopping) {
          log(`the API server exited to restart (code ${code}); starting it again`);
          start();
          return;
        }
        resolve(code ?? exitCodeOfSignal(signal));
      });
    };
    start();
  });

  return {
    done,
    signal(signal) {
      stopping = true;
      const current = child as ChildProcess | null;
      if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    },
  };
}

/** The shell's convention for a process ended by a signal: 128 + its number. */
function exitCodeOfSignal(signal: NodeJS.Signals | null): number {
  const number = signal ? os.constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
