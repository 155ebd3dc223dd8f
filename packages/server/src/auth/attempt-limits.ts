import type { Db } from '../db/database';

export interface AttemptWindow {
  limit: number;
  windowMs: number;
}

type Keyed =
  | { table: 'login_failures'; column: 'email' | 'ip' }
  | { table: 'password_setup_requests'; column: 'ip' };

/**
 * Seconds until `key` may try again, or null when it is under its limit. The wait ends when enough
 * of the oldest attempts leave the sliding window to bring the count below the limit.
 */
function secondsBlocked(
  db: Db,
  where: Keyed,
  key: string,
  window: AttemptWindow,
  now: number,
): number | null {
  const attempts = db
    .prepare(`SELECT at FROM ${where.table} WHERE ${where.column} = ? AND at > ? ORDER BY at ASC`)
    .pluck()
    .all(key, now - window.windowMs) as number[];
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
    private readonly db: Db,
    private readonly window: AttemptWindow,
  ) {}

  /** Seconds to wait if either the account or the address has used up its failures, else null. */
  blockedFor(email: string, ip: string, now: number): number | null {
    this.db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - this.window.windowMs);
    return longest(
      secondsBlocked(this.db, { table: 'login_failures', column: 'email' }, email, this.window, now),
      secondsBlocked(this.db, { table: 'login_failures', column: 'ip' }, ip, this.window, now),
    );
  }

  record(email: string, ip: string, now: number): void {
    this.db.prepare('INSERT INTO login_failures (email, ip, at) VALUES (?, ?, ?)').run(email, ip, now);
  }

  /** A correct password wipes the account's slate, including the attempt that just succeeded. */
  clearAccount(email: string): void {
    this.db.prepare('DELETE FROM login_failures WHERE email = ?').run(email);
  }
}

/** Password-setup requests per IP address, so the endpoint cannot be used to flood the trader's inbox. */
export class SetupRequestLog {
  constructor(
    private readonly db: Db,
    private readonly window: AttemptWindow,
  ) {}

  blockedFor(ip: string, now: number): number | null {
    this.db.prepare('DELETE FROM password_setup_requests WHERE at <= ?').run(now - this.window.windowMs);
    return secondsBlocked(this.db, { table: 'password_setup_requests', column: 'ip' }, ip, this.window, now);
  }

  record(ip: string, now: number): void {
    this.db.prepare('INSERT INTO password_setup_requests (ip, at) VALUES (?, ?)').run(ip, now);
  }
}
