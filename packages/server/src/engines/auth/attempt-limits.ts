import type { LoginFailureRows, SetupRequestRows } from '../../core/ports/repositories/sessions';

export interface AttemptWindow {
  limit: number;
  windowMs: number;
}

/**
 * Seconds until the key may try again, or null when it is under its limit. The wait ends when enough
 * of the oldest attempts (`attempts`, oldest first, all inside the window) leave the sliding window
 * to bring the count below the limit.
 */
function secondsBlocked(attempts: readonly number[], window: AttemptWindow, now: number): number | null {
  if (attempts.length < window.limit) return null;
  const freedAt = (attempts[attempts.length - window.limit] ?? now) + window.windowMs;
  return Math.max(1, Math.ceil((freedAt - now) / 1000));
}

const longest = (...waits: Array<number | null>): number | null => {
  const blocked = waits.filter((wait): wait is number => wait !== null);
  return blocked.length > 0 ? Math.max(...blocked) : null;
};

/**
 * The sign-in limit (spec part 1 §8: 429 after too many attempts), per account and per IP address.
 * In the database on one instance (LoginFailureLog), in the shared counters across instances
 * (SharedSignInLimiter).
 */
export interface SignInLimiter {
  /** Counts this attempt, before the slow hash: seconds to wait if the account or the address is over its limit (then it is not counted), else null. */
  admit(email: string, ip: string, now: number): Promise<number | null>;
  /**
   * A correct password wipes the account's slate, including the attempt that just succeeded, and
   * the failures `ip` made on it.
   */
  clearAccount(email: string, ip?: string): Promise<void>;
}

/** Failed sign-ins per account and per IP address, in the database. */
export class LoginFailureLog implements SignInLimiter {
  constructor(
    private readonly rows: LoginFailureRows,
    readonly window: AttemptWindow,
  ) {}

  /** Seconds to wait if either the account or the address has used up its failures, else null. */
  blockedFor(email: string, ip: string, now: number): number | null {
    const since = now - this.window.windowMs;
    this.rows.forgetUpTo(since);
    return longest(
      secondsBlocked(this.rows.timesAfter('email', email, since), this.window, now),
      secondsBlocked(this.rows.timesAfter('ip', ip, since), this.window, now),
    );
  }

  record(email: string, ip: string, now: number): void {
    this.rows.record(email, ip, now);
  }

  // The check and the record run in one synchronous step, so parallel guesses cannot all slip under the limit.
  async admit(email: string, ip: string, now: number): Promise<number | null> {
    const wait = this.blockedFor(email, ip, now);
    if (wait === null) this.record(email, ip, now);
    return wait;
  }

  async clearAccount(email: string): Promise<void> {
    this.rows.clearAccount(email);
  }
}

/** Password-setup requests per IP address, so the endpoint cannot be used to flood the trader's inbox. */
export class SetupRequestLog {
  constructor(
    private readonly rows: SetupRequestRows,
    private readonly window: AttemptWindow,
  ) {}

  blockedFor(ip: string, now: number): number | null {
    const since = now - this.window.windowMs;
    this.rows.forgetUpTo(since);
    return secondsBlocked(this.rows.timesAfter(ip, since), this.window, now);
  }

  record(ip: string, now: number): void {
    this.rows.record(ip, now);
  }
}
