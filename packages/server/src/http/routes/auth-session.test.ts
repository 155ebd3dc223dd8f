import { PRODUCTION_SCRYPT_COST, parsePasswordHash } from '../../engines/auth/password-hash';
import {
  buildTestApp,
  createTestClock,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-support';
import { scalar } from '../../test-support/databases';

describe('sessions: validate-session, logout, expiry and storage', () => {
  const clock = createTestClock();
  let t: TestApp;

  const validate = (authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/validate-session',
      headers: authorization ? { authorization } : {},
    });
  const logout = (authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authorization ? { authorization } : {},
    });
  const protectedCall = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/trading/mode', headers: { authorization } });

  beforeEach(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterEach(() => t.close());

  it('validates a live session and names its user and absolute expiry', async () => {
    const { headers } = await signInForTest(t);
    const response = await validate(headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: { email: t.config.traderEmail, name: t.config.traderName },
      expires_at: new Date(clock.now() + t.config.sessionAbsoluteMs).toISOString(),
    });
  });

  it.each([
    ['no header', undefined],
    ['a non-Bearer header', 'Basic dXNlcjpwYXNz'],
    ['an unknown token', `Bearer ${'x'.repeat(43)}`],
    ['a malformed token', 'Bearer not-a-token'],
  ])('answers 401 to %s', async (_case, authorization) => {
    const response = await validate(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });

  it('ends a session after 30 idle minutes', async () => {
    const { headers } = await signInForTest(t);
    clock.advance(t.config.sessionIdleMs - 1);
    expect((await protectedCall(headers.authorization)).statusCode).toBe(200);
    clock.advance(t.config.sessionIdleMs);
    const lapsed = await protectedCall(headers.authorization);
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().error).toBe('Your session has expired. Sign in again.');
  });

  it('keeps an active session alive past the idle limit, but not past 12 hours', async () => {
    const { headers } = await signInForTest(t);
    const stepMs = 20 * 60_000;
    let elapsed = 0;
    while (elapsed + stepMs < t.config.sessionAbsoluteMs) {
      clock.advance(stepMs);
      elapsed += stepMs;
      expect((await validate(headers.authorization)).statusCode).toBe(200);
    }
    clock.advance(t.config.sessionAbsoluteMs - elapsed);
    expect((await validate(headers.authorization)).statusCode).toBe(401);
  });

  it('writes last-seen only when more than 30 seconds have passed', async () => {
    const { token, headers } = await signInForTest(t);
    const lastSeen = () => scalar(t.services.db, 'SELECT last_seen_at FROM sessions');
    const signedInAt = clock.now();
    clock.advance(10_000);
    await validate(headers.authorization);
    expect(lastSeen()).toBe(signedInAt);
    clock.advance(25_000);
    expect(t.services.auth.verifySession(token)?.idleExpiresAt).toBe(clock.now() + t.config.sessionIdleMs);
    expect(lastSeen()).toBe(clock.now());
  });

  it('revokes the session on logout, and logout stays idempotent', async () => {
    const { headers } = await signInForTest(t);
    const other = await signInForTest(t);
    expect((await logout(headers.authorization)).json()).toEqual({ success: true });
    expect((await validate(headers.authorization)).statusCode).toBe(401);
    expect((await protectedCall(headers.authorization)).statusCode).toBe(401);
    expect((await validate(other.headers.authorization)).statusCode).toBe(200);
    for (const authorization of [headers.authorization, `Bearer ${'y'.repeat(43)}`, undefined]) {
      const again = await logout(authorization);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true });
    }
  });

  it('accepts logout with a JSON content type and no body', async () => {
    const { headers } = await signInForTest(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores sessions only as SHA-256 hashes', async () => {
    const { token } = await signInForTest(t);
    const rows = t.services.db.prepare('SELECT * FROM sessions').all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]).toMatchObject({ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('password storage', () => {
  it('stores a scrypt hash with N=2^17, r=8, p=1, a 16-byte salt and a 64-byte key', async () => {
    const t = await buildTestApp({ scryptCost: PRODUCTION_SCRYPT_COST });
    try {
      await signInForTest(t);
      const stored = scalar(t.services.db, 'SELECT password_hash FROM credentials') as string;
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      expect(stored).not.toContain(TEST_PASSWORD);
      const parsed = parsePasswordHash(stored);
      expect(parsed?.salt).toHaveLength(16);
      expect(parsed?.key).toHaveLength(64);
      // And the real cost still verifies: a login with it succeeds.
      expect((await signInForTest(t)).token).not.toBe('');
    } finally {
      await t.close();
    }
  }, 20_000);
});
