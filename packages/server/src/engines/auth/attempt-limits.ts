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

/** Failed sign-ins per account and per IP address (spec part 1 §8: 429 after too many attempts). */
export class LoginFailureLog {
  constructor(
    private readonly rows: LoginFailureRows,
    private readonly window: AttemptWindow,
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

  /** A correct password wipes the account's slate, including the attempt that just succeeded. */
  clearAccount(email: string): void {
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
