import type { RateCounters } from '../../core/ports/rate-counters';
import type { AttemptWindow, LoginFailureLog, SignInLimiter } from './attempt-limits';

const accountKey = (email: string) => `sign-in:account:${email}`;
const addressKey = (ip: string) => `sign-in:address:${ip}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The sign-in limit in the counters every instance shares: five wrong guesses spread over two
 * instances are five, not five each. Each hit is atomic in the counters, so parallel guesses on
 * several instances cannot slip under the limit between a check and a record. When the counters
 * cannot be reached, the database's log (`fallback`) decides, so sign-in never depends on Redis.
 */
export class SharedSignInLimiter implements SignInLimiter {
  constructor(
    private readonly counters: RateCounters,
    private readonly window: AttemptWindow,
    private readonly fallback: SignInLimiter,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async admit(email: string, ip: string, now: number): Promise<number | null> {
    try {
      const { windowMs, limit } = this.window;
      // The address first: an account hit spent on an attempt the address then refuses only errs strict.
      const byAddress = await this.counters.hit(addressKey(ip), windowMs, limit);
      if (!byAddress.allowed) return seconds(byAddress.retryAfterMs);
      const byAccount = await this.counters.hit(accountKey(email), windowMs, limit);
      return byAccount.allowed ? null : seconds(byAccount.retryAfterMs);
    } catch (error) {
      this.onError(error);
      return this.fallback.admit(email, ip, now);
    }
  }

  // The database deletes the account's failure rows, and with them their address's count: so here.
  async clearAccount(email: string, ip?: string): Promise<void> {
    try {
      await this.counters.reset(accountKey(email));
      if (ip !== undefined) await this.counters.reset(addressKey(ip));
    } catch (error) {
      this.onError(error);
    }
    await this.fallback.clearAccount(email);
  }
}

/** Across instances when there are shared counters (the database's log backs them up), else the log alone. */
export function signInLimiter(
  log: LoginFailureLog,
  counters: RateCounters | undefined,
  onError: (error: unknown) => void,
): SignInLimiter {
  return counters ? new SharedSignInLimiter(counters, log.window, log, onError) : log;
}
