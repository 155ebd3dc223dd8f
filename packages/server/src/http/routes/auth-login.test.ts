import {
  buildTestApp,
  createTestClock,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-support';
import { scalar } from '../../test-support/databases';

const TOO_MANY = 'Too many login attempts. Please try again in 15 minutes.';
const INVALID = 'Invalid credentials. Please check your password.';

describe('POST /api/auth/login', () => {
  const clock = createTestClock();
  let t: TestApp;

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  beforeEach(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterEach(() => t.close());

  it('answers 403 setup_required while no password has been set', async () => {
    const response = await login(t.config.traderEmail, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      setup_required: true,
      code: 'setup_required',
      error: 'Password setup required. Please check your email for setup instructions.',
    });
  });

  it('signs the trader in with a fresh session token and the welcome message', async () => {
    await signInForTest(t);
    const first = await login(t.config.traderEmail, TEST_PASSWORD);
    const second = await login(` ${t.config.traderEmail.toUpperCase()} `, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Welcome to Trading Dashboard',
      user: { email: t.config.traderEmail, name: t.config.traderName },
      expires_at: new Date(clock.now() + t.config.sessionAbsoluteMs).toISOString(),
    });
    expect(body.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.json().session_token).not.toBe(body.session_token);
    expect(first.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong password with the spec sentence', async () => {
    await signInForTest(t);
    const response = await login(t.config.traderEmail, 'Wrong-Password-123');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: INVALID, code: 'invalid_credentials' });
  });

  it('gives an unknown email the same 401 as a wrong password, so it reveals nothing', async () => {
    await signInForTest(t);
    const stranger = await login('someone@elsewhere.test', TEST_PASSWORD);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error).toBe(INVALID);
  });

  it('answers the sixth attempt with 429 and Retry-After, even when the password is right', async () => {
    await signInForTest(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(t.config.traderEmail, `Wrong-Password-${attempt}`)).statusCode).toBe(401);
      clock.advance(10_000);
    }
    const blocked = await login(t.config.traderEmail, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, error: TOO_MANY });
    // The oldest failure is 50 s old, so it leaves the 15-minute window in 850 s.
    expect(blocked.headers['retry-after']).toBe('850');
  });

  it('lets the trader in again once the oldest failure leaves the window', async () => {
    await signInForTest(t);
    for (let attempt = 1; attempt <= 5; attempt++) await login(t.config.traderEmail, 'Wrong-Password-1');
    clock.advance(t.config.loginWindowMs - 1_000);
    expect((await login(t.config.traderEmail, TEST_PASSWORD)).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await login(t.config.traderEmail, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures for an unauthorised email against that account too', async () => {
    await signInForTest(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login('intruder@elsewhere.test', TEST_PASSWORD, `203.0.113.${attempt}`);
    }
    const blocked = await login('intruder@elsewhere.test', TEST_PASSWORD, '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect((await login(t.config.traderEmail, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address across many emails', async () => {
    await signInForTest(t);
    const attacker = '198.51.100.7';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(`guess${attempt}@elsewhere.test`, TEST_PASSWORD, attacker)).statusCode).toBe(401);
    }
    const blocked = await login(t.config.traderEmail, TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(TOO_MANY);
    // The same account from another address is not locked by that address's guesses.
    expect((await login(t.config.traderEmail, TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('clears the account failures after a successful login', async () => {
    await signInForTest(t);
    for (let attempt = 1; attempt <= 4; attempt++) await login(t.config.traderEmail, 'Wrong-Password-1');
    expect((await login(t.config.traderEmail, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(t.config.traderEmail, 'Wrong-Password-1')).statusCode).toBe(401);
    }
    expect((await login(t.config.traderEmail, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('records failures in the database and prunes those past the window', async () => {
    await signInForTest(t);
    await login(t.config.traderEmail, 'Wrong-Password-1');
    const count = () => scalar(t.services.db, 'SELECT COUNT(*) FROM login_failures');
    expect(count()).toBe(1);
    clock.advance(t.config.loginWindowMs + 1);
    await login(t.config.traderEmail, TEST_PASSWORD);
    expect(count()).toBe(0);
  });

  it('cannot be raced: parallel guesses beyond the limit are refused, not hashed', async () => {
    await signInForTest(t);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(t.config.traderEmail, `Wrong-Password-${i}`)),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});
