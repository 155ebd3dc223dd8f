import type { RateCounters } from '../../core/ports/rate-counters';
import { MemoryRateCounters } from '../../storage/memory/memory-rate-counters';
import type { SignInLimiter } from './attempt-limits';
import { SharedSignInLimiter } from './shared-sign-in-limiter';

const T0 = Date.UTC(2026, 0, 12, 4, 30);
const WINDOW = { limit: 3, windowMs: 15 * 60_000 };

/** Records what reaches the database's log, which only decides when the counters fail. */
function databaseLog(): SignInLimiter & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    admit: async (email) => {
      calls.push(`admit ${email}`);
      return null;
    },
    clearAccount: async (email) => {
      calls.push(`clear ${email}`);
    },
  };
}

describe('SharedSignInLimiter', () => {
  let t: number;
  let counters: MemoryRateCounters;
  beforeEach(() => {
    t = T0;
    counters = new MemoryRateCounters(() => t);
  });

  it('refuses the attempt after the limit with the seconds until the oldest leaves the window', async () => {
    const limiter = new SharedSignInLimiter(counters, WINDOW, databaseLog());
    for (let i = 0; i < 3; i++) expect(await limiter.admit('trader@example.com', '10.0.0.1', t)).toBeNull();
    t += 60_000;
    expect(await limiter.admit('trader@example.com', '10.0.0.1', t)).toBe(14 * 60);
  });

  it('limits the account from any address, and an address for any account', async () => {
    const limiter = new SharedSignInLimiter(counters, WINDOW, databaseLog());
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await limiter.admit('trader@example.com', ip, t);
    expect(await limiter.admit('trader@example.com', '10.0.0.4', t)).not.toBeNull();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      await limiter.admit(email, '10.0.0.9', t);
    expect(await limiter.admit('d@example.com', '10.0.0.9', t)).not.toBeNull();
  });

  it("wipes the account's and the address's slate on a correct password", async () => {
    const limiter = new SharedSignInLimiter(counters, WINDOW, databaseLog());
    for (let i = 0; i < 3; i++) await limiter.admit('trader@example.com', '10.0.0.1', t);
    await limiter.clearAccount('trader@example.com', '10.0.0.1');
    expect(await limiter.admit('trader@example.com', '10.0.0.1', t)).toBeNull();
  });

  it('lets the database decide when the counters cannot be reached', async () => {
    const broken: RateCounters = {
      hit: () => Promise.reject(new Error('Redis down')),
      reset: () => Promise.reject(new Error('Redis down')),
    };
    const errors: unknown[] = [];
    const log = databaseLog();
    const limiter = new SharedSignInLimiter(broken, WINDOW, log, (error) => errors.push(error));
    expect(await limiter.admit('trader@example.com', '10.0.0.1', t)).toBeNull();
    await limiter.clearAccount('trader@example.com', '10.0.0.1');
    expect(log.calls).toEqual(['admit trader@example.com', 'clear trader@example.com']);
    expect(errors).toHaveLength(2);
  });
});
