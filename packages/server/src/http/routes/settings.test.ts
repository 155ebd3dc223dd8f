import { PROFILE_MESSAGES } from '@td/contracts';
import {
  buildTestApp,
  createTestClock,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-support';

const NEW_PASSWORD = 'Brand-New-Secret-77';

describe('POST /api/auth/change-password', () => {
  const clock = createTestClock();
  let t: TestApp;

  const change = (body: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: authorization ? { authorization } : {},
      payload: body as object,
    });
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.config.traderEmail, password },
    });
  const validateSession = (authorization: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/validate-session', headers: { authorization } });

  beforeEach(async () => {
    t = await buildTestApp({ now: clock.now, config: { tradingLoop: false, replayHistory: false } });
  });
  afterEach(() => t.close());

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { headers } = await signInForTest(t);
    const response = await change(
      { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      headers.authorization,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PROFILE_MESSAGES.passwordChanged,
      ended_sessions: 0,
    });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('signs out every other session and keeps the one that made the change', async () => {
    const mine = await signInForTest(t);
    const laptop = await signInForTest(t);
    const phone = await signInForTest(t);
    const response = await change(
      { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      mine.headers.authorization,
    );
    expect(response.json().ended_sessions).toBe(2);
    expect((await validateSession(mine.headers.authorization)).statusCode).toBe(200);
    expect((await validateSession(laptop.headers.authorization)).statusCode).toBe(401);
    expect((await validateSession(phone.headers.authorization)).statusCode).toBe(401);
  });

  it('refuses a wrong current password with 403 and a sentence, and keeps the session', async () => {
    const { headers } = await signInForTest(t);
    const response = await change(
      { current_password: 'Not-The-Password-1', new_password: NEW_PASSWORD },
      headers.authorization,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      error: PROFILE_MESSAGES.wrongCurrentPassword,
      code: 'wrong_current_password',
    });
    expect((await validateSession(headers.authorization)).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('stops guessing after the sign-in limit of wrong current passwords, with 429', async () => {
    const { headers } = await signInForTest(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= t.config.loginMaxFailures; attempt += 1) {
      const response = await change(
        { current_password: `Wrong-Guess-${attempt}-x`, new_password: NEW_PASSWORD },
        headers.authorization,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, t.config.loginMaxFailures).every((status) => status === 403)).toBe(true);
    const blocked = await change(
      { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      headers.authorization,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(PROFILE_MESSAGES.tooManyAttempts);
    clock.advance(t.config.loginWindowMs + 1000);
    const later = await change(
      { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      headers.authorization,
    );
    expect(later.statusCode).toBe(200);
  });

  it.each([
    ['a short new password', { current_password: TEST_PASSWORD, new_password: 'Short-1a' }, /at least 12/],
    [
      'a weak new password',
      { current_password: TEST_PASSWORD, new_password: 'alllowercaseletters' },
      /too weak/,
    ],
    ['no current password', { new_password: NEW_PASSWORD }, /current_password is required/],
    ['an empty current password', { current_password: '', new_password: NEW_PASSWORD }, /current password/],
    [
      'a number for a password',
      { current_password: TEST_PASSWORD, new_password: 123456789012 },
      /new_password/,
    ],
  ])('refuses %s with 400 and says what to fix', async (_case, body, message) => {
    const { headers } = await signInForTest(t);
    const response = await change(body, headers.authorization);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one with 422', async () => {
    const { headers } = await signInForTest(t);
    const response = await change(
      { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
      headers.authorization,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(PROFILE_MESSAGES.sameAsCurrent);
  });

  it('needs a session', async () => {
    await signInForTest(t);
    const response = await change({ current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });
});
