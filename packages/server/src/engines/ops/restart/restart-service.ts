import type { Logger } from 'pino';
import { HttpError } from '../../../core/errors';
import type { SettingsRepository } from '../../../core/ports/repositories/settings';

/** The exit code scripts/supervise-api.ts starts the server again on (EX_TEMPFAIL: "try again"). */
export const RESTART_EXIT_CODE = 75;

/** graceful: drain requests and the order desk, then exit; forceful: exit as soon as the reply is sent. */
export type RestartKind = 'graceful' | 'forceful';

/** How this process ends itself; main.ts attaches its own, route tests a recording fake. */
export interface ProcessExit {
  /** Stops taking requests, waits for those in flight and the order desk, closes the database. */
  drain(): Promise<void>;
  exit(code: number): void;
  /** Started by the supervisor, so an exit with RESTART_EXIT_CODE brings the server back. */
  supervised: boolean;
}

interface LastRestart {
  at: number;
  kind: RestartKind;
}

export interface RestartServiceOptions {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  now: () => number;
  log: Pick<Logger, 'info' | 'error' | 'warn'>;
  /** Shortest time between two accepted restarts (persisted, so it holds across the restart itself). */
  minIntervalMs: number;
  /** A drain that takes longer is cut short: the process exits with the restart code anyway. */
  drainTimeoutMs?: number;
}

const LAST_RESTART_KEY = 'ops.last_restart';

/**
 * Restarts of the API asked for over HTTP (spec part 1 §7 "management/server/restart", "admin/restart").
 * `accept` decides (rate limit, a supervisor to come back under) and records; `perform` runs once
 * the reply has left, so the caller always hears that the restart began.
 */
export class RestartService {
  private processExit: ProcessExit | null = null;
  private underway: RestartKind | null = null;

  constructor(private readonly options: RestartServiceOptions) {}

  attach(processExit: ProcessExit): void {
    this.processExit = processExit;
  }

  /** Throws the sentence the caller sees when the restart cannot happen now. */
  accept(kind: RestartKind, by: string): void {
    if (!this.processExit?.supervised) {
      throw new HttpError(
        409,
        'This server was not started by the supervisor (npm start), so it would not come back after a restart; restart it by hand.',
        'restart_unsupervised',
      );
    }
    if (this.underway) throw new HttpError(409, 'A restart is already under way.', 'restart_underway');
    const wait = this.secondsToWait();
    if (wait > 0) {
      throw new HttpError(
        429,
        `The server was restarted moments ago; wait ${wait} s before restarting it again.`,
        'restart_too_soon',
        { retryAfterSeconds: wait },
      );
    }
    this.underway = kind;
    this.options.settings.set(LAST_RESTART_KEY, { at: this.options.now(), kind } satisfies LastRestart);
    this.options.log.warn({ kind, by }, 'restart requested');
  }

  /** Drains (graceful) and exits with the restart code; bounded by the drain timeout. */
  async perform(kind: RestartKind): Promise<void> {
    const processExit = this.processExit;
    if (!processExit || this.underway !== kind) return;
    if (kind === 'forceful') {
      processExit.exit(RESTART_EXIT_CODE);
      return;
    }
    const timeoutMs = this.options.drainTimeoutMs ?? 10_000;
    const deadline = setTimeout(() => {
      this.options.log.error({ timeoutMs }, 'the drain did not finish in time; restarting anyway');
      processExit.exit(RESTART_EXIT_CODE);
    }, timeoutMs);
    try {
      await processExit.drain();
      this.options.log.info('drained: in-flight requests answered, order desk settled; restarting');
    } catch (error) {
      this.options.log.error({ err: error }, 'the drain failed; restarting anyway');
    } finally {
      clearTimeout(deadline);
    }
    processExit.exit(RESTART_EXIT_CODE);
  }

  private secondsToWait(): number {
    const last = this.options.settings.get<LastRestart>(LAST_RESTART_KEY);
    if (!last || !Number.isFinite(last.at)) return 0;
    // Capped at the interval: a clock set back must not lock restarts out for longer.
    const left = Math.min(
      last.at + this.options.minIntervalMs - this.options.now(),
      this.options.minIntervalMs,
    );
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }
}
