import os from 'node:os';

/** How the supervisor answers a crash of the API server. */
export interface CrashPolicy {
  /** The wait before the first restart after a crash; it doubles with each crash that follows. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A server that ran this long before crashing was healthy: the wait starts again from the first. */
  healthyAfterMs: number;
  /** This many crashes inside `crashWindowMs` is a crash loop: the supervisor gives up. */
  maxCrashes: number;
  crashWindowMs: number;
}

/** 1 s doubling to 30 s, back to 1 s after a healthy minute; 5 crashes within 2 minutes end it. */
export const DEFAULT_CRASH_POLICY: CrashPolicy = {
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
  maxCrashes: 5,
  crashWindowMs: 120_000,
};

export type CrashDecision =
  | { restartInMs: number; crashesInWindow: number }
  | { giveUp: true; crashesInWindow: number };

/** The crashes seen so far and the wait that comes next; pure, so its arithmetic is tested without timers. */
export class CrashHistory {
  private crashes: number[] = [];
  private lastDelayMs = 0;

  constructor(private readonly policy: CrashPolicy = DEFAULT_CRASH_POLICY) {}

  /** A crash at `at` of a server that had run `uptimeMs`: how long to wait before starting it again, or give up. */
  afterCrash(at: number, uptimeMs: number): CrashDecision {
    const { policy } = this;
    this.crashes = this.crashes.filter((crash) => at - crash < policy.crashWindowMs);
    this.crashes.push(at);
    const crashesInWindow = this.crashes.length;
    if (crashesInWindow >= policy.maxCrashes) return { giveUp: true, crashesInWindow };
    this.lastDelayMs =
      this.lastDelayMs === 0 || uptimeMs >= policy.healthyAfterMs
        ? policy.firstDelayMs
        : Math.min(this.lastDelayMs * 2, policy.maxDelayMs);
    return { restartInMs: this.lastDelayMs, crashesInWindow };
  }
}

/** "exit code 1" or "signal SIGKILL": how a process ended, for the log and the diagnostics. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

/** The shell's convention for a process ended by a signal: 128 + its number. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal ? os.constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** "800 ms", "12 s", "2 min": a duration as the supervisor's log says it. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
