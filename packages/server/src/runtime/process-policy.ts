import type { Logger } from 'pino';

/** The part of `process` the policy listens to; a plain EventEmitter in tests. */
export interface ProcessEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
}

export interface ProcessPolicyOptions {
  events: ProcessEvents;
  log: Pick<Logger, 'error' | 'fatal'>;
  /** Stops taking requests and closes the services and the database. */
  close(): Promise<void> | void;
  exit(code: number): void;
  /** How long `close` may take before the process exits anyway. */
  closeTimeoutMs?: number;
}

/** The exit code after an uncaught exception: non-zero, so a supervisor restarts the server. */
export const CRASH_EXIT_CODE = 1;

/**
 * What the process does with an error nothing caught. A rejected promise nobody awaited is logged
 * and the server keeps serving: the work it belonged to failed, the process state did not. An
 * uncaught exception may have left state half-changed, so it is logged, the database is closed
 * (bounded by a timeout, so a stuck close cannot keep a broken server up) and the process exits
 * non-zero for its supervisor to start a clean one.
 */
export function installProcessPolicy({
  events,
  log,
  close,
  exit,
  closeTimeoutMs = 5_000,
}: ProcessPolicyOptions): void {
  events.on('unhandledRejection', (reason) => {
    log.error(
      { err: reason, event: 'unhandledRejection' },
      'a promise was rejected and nothing handled it; the server keeps running',
    );
  });

  let exiting = false;
  events.on('uncaughtException', (error, origin) => {
    log.fatal(
      { err: error, origin, event: 'uncaughtException' },
      exiting
        ? 'another uncaught exception while closing'
        : 'uncaught exception: closing the database and exiting',
    );
    if (exiting) return;
    exiting = true;
    // Kept referenced: an empty event loop must not let the process end with exit code 0 first.
    const deadline = setTimeout(() => {
      log.error({ closeTimeoutMs }, `the server did not close within ${closeTimeoutMs} ms; exiting anyway`);
      exit(CRASH_EXIT_CODE);
    }, closeTimeoutMs);
    Promise.resolve()
      .then(close)
      .catch((closeError: unknown) =>
        log.error({ err: closeError }, 'closing after an uncaught exception failed'),
      )
      .finally(() => {
        clearTimeout(deadline);
        exit(CRASH_EXIT_CODE);
      });
  });
}
