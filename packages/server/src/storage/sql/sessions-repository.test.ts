import { databases } from '../../test-support/databases';
import { SqlSessionsRepository } from './sessions-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const session = { email: 'trader@example.com', createdAt: T0, lastSeenAt: T0, expiresAt: T0 + 3_600_000 };

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlSessionsRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('stores a session by its digest, marks it seen and revokes it once', () => {
    const { sessions } = new SqlSessionsRepository(open());
    sessions.add('hash-a', session);
    sessions.markSeen('hash-a', T0 + 60_000);
    expect(sessions.byTokenHash('hash-a')).toEqual({ ...session, lastSeenAt: T0 + 60_000, revokedAt: null });
    sessions.revoke('hash-a', T0 + 120_000);
    sessions.revoke('hash-a', T0 + 180_000);
    expect(sessions.byTokenHash('hash-a')?.revokedAt).toBe(T0 + 120_000);
    expect(sessions.byTokenHash('unknown')).toBeUndefined();
  });

  it('revokes every live session of the account, or all but the one kept, and counts them', () => {
    const { sessions } = new SqlSessionsRepository(open());
    for (const hash of ['a', 'b', 'c']) sessions.add(hash, session);
    sessions.add('other', { ...session, email: 'someone@example.com' });
    expect(sessions.revokeAllBut(session.email, 'a', T0)).toBe(2);
    expect(sessions.byTokenHash('a')?.revokedAt).toBeNull();
    expect(sessions.revokeAll(session.email, T0 + 1)).toBe(1);
    expect(sessions.byTokenHash('other')?.revokedAt).toBeNull();
  });

  it('deletes sessions that ended or were last seen before the cut-offs, and keeps the rest', () => {
    const { sessions } = new SqlSessionsRepository(open());
    sessions.add('expired', { ...session, expiresAt: T0 - 1 });
    sessions.add('idle', { ...session, lastSeenAt: T0 - 10 });
    sessions.add('revoked', session);
    sessions.revoke('revoked', T0 - 1);
    sessions.add('live', session);
    sessions.deleteEnded(T0, T0 - 5);
    expect(['expired', 'idle', 'revoked', 'live'].map((h) => sessions.byTokenHash(h) !== undefined)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('issues a setup token that retires the earlier one and redeems only once, before it expires', () => {
    const { setupTokens } = new SqlSessionsRepository(open());
    const token = { email: session.email, createdAt: T0, expiresAt: T0 + 900_000 };
    setupTokens.issue({ ...token, tokenHash: 'first' }, T0 - 900_000);
    setupTokens.issue({ ...token, tokenHash: 'second' }, T0 - 900_000);
    expect(setupTokens.isRedeemable('first', session.email, T0)).toBe(false);
    expect(setupTokens.isRedeemable('second', session.email, T0 + 900_000)).toBe(false);
    expect(setupTokens.isRedeemable('second', 'someone@example.com', T0)).toBe(false);
    expect(setupTokens.redeem('second', session.email, T0 + 1)).toBe(true);
    expect(setupTokens.redeem('second', session.email, T0 + 2)).toBe(false);
  });

  it('retires a token so it can no longer be redeemed', () => {
    const { setupTokens } = new SqlSessionsRepository(open());
    setupTokens.issue({ tokenHash: 't', email: session.email, createdAt: T0, expiresAt: T0 + 900_000 }, 0);
    setupTokens.retire('t', T0 + 1);
    expect(setupTokens.redeem('t', session.email, T0 + 2)).toBe(false);
  });

  it('keeps one password hash per address, replaced by a later one', () => {
    const { credentials } = new SqlSessionsRepository(open());
    expect(credentials.passwordHash(session.email)).toBeNull();
    credentials.setPasswordHash(session.email, 'scrypt$1', T0);
    credentials.setPasswordHash(session.email, 'scrypt$2', T0 + 1);
    expect(credentials.passwordHash(session.email)).toBe('scrypt$2');
  });

  it('lists failed sign-ins by account or address inside the window, oldest first', () => {
    const { loginFailures } = new SqlSessionsRepository(open());
    loginFailures.record('a@example.com', '10.0.0.1', T0 + 20);
    loginFailures.record('a@example.com', '10.0.0.2', T0 + 10);
    loginFailures.record('b@example.com', '10.0.0.1', T0 + 30);
    loginFailures.record('a@example.com', '10.0.0.1', T0);
    expect(loginFailures.timesAfter('email', 'a@example.com', T0)).toEqual([T0 + 10, T0 + 20]);
    expect(loginFailures.timesAfter('ip', '10.0.0.1', T0 - 1)).toEqual([T0, T0 + 20, T0 + 30]);
    loginFailures.forgetUpTo(T0 + 10);
    expect(loginFailures.timesAfter('email', 'a@example.com', 0)).toEqual([T0 + 20]);
    loginFailures.clearAccount('a@example.com');
    expect(loginFailures.timesAfter('ip', '10.0.0.1', 0)).toEqual([T0 + 30]);
  });

  it('lists password-setup requests by address and forgets the old ones', () => {
    const { setupRequests } = new SqlSessionsRepository(open());
    setupRequests.record('10.0.0.1', T0);
    setupRequests.record('10.0.0.1', T0 + 5);
    setupRequests.record('10.0.0.2', T0 + 6);
    expect(setupRequests.timesAfter('10.0.0.1', 0)).toEqual([T0, T0 + 5]);
    setupRequests.forgetUpTo(T0);
    expect(setupRequests.timesAfter('10.0.0.1', 0)).toEqual([T0 + 5]);
  });
});
