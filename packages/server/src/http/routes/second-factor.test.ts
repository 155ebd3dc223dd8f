import { totpCodeAt } from '../../engines/auth/totp-codes';
import {
  buildTestApp,
  createTestClock,
  enrolSecondFactorForTest,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
  type TestSecondFactor,
  type TestSession,
} from '../../test-support';

const STEP = 30_000;

describe('two-step sign-in routes', () => {
  let testApp: TestApp;
  let session: TestSession;
  let factor: TestSecondFactor;
  const clock = createTestClock();

  beforeEach(async () => {
    testApp = await buildTestApp({ now: clock.now });
    session = await signInForTest(testApp);
    factor = await enrolSecondFactorForTest(testApp, session);
    // The confirming code's step is spent; the tests use the next one.
    clock.advance(STEP);
  });

  afterEach(() => testApp.close());

  const login = () =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: testApp.config.traderEmail, password: TEST_PASSWORD },
    });
  const loginCode = (challenge: string, code: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login/code', payload: { challenge, code } });

  it('asks for a code after the password, gives no session until it is right, and refuses it reused', async () => {
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      second_factor_required: true,
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(first.json().session_token).toBeUndefined();
    const { challenge } = first.json();

    const wrong = await loginCode(challenge, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatch(/^That code is not correct or was already used/);

    const code = factor.codeNow();
    const signedIn = await loginCode(challenge, code);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().session_token;
    const check = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/validate-session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.statusCode).toBe(200);

    const again = await login();
    expect((await loginCode(again.json().challenge, code)).statusCode).toBe(401);
  });

  it('signs in once with a recovery code, and refuses it the second time', async () => {
    const recovery = factor.recoveryCodes[0]!;
    expect((await loginCode((await login()).json().challenge, recovery)).statusCode).toBe(200);
    expect((await loginCode((await login()).json().challenge, recovery)).statusCode).toBe(401);
  });

  it('locks the code step out with the sign-in sentence once the shared limit is used up', async () => {
    const { challenge } = (await login()).json();
    // The password step counted one attempt; four wrong codes use up the limit of five.
    for (let i = 0; i < 4; i += 1) expect((await loginCode(challenge, '000000')).statusCode).toBe(401);
    const locked = await loginCode(challenge, factor.codeNow());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('Too many login attempts. Please try again in 15 minutes.');
  });

  it('never returns the secret after enrolment, and refuses a second enrolment', async () => {
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/second-factor',
      headers: session.headers,
    });
    expect(status.json()).toEqual({ success: true, enabled: true, recovery_codes_left: 10 });
    expect(status.body).not.toContain(factor.secret);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/enrol',
      headers: session.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(factor.secret);
  });

  it('needs a current code to change the password', async () => {
    const change = (code?: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: session.headers,
        payload: { current_password: TEST_PASSWORD, new_password: 'Another-Horse-77-Battery', code },
      });
    const withoutCode = await change();
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error).toBe('Enter the current code from your authenticator app.');
    expect((await change(factor.codeNow())).statusCode).toBe(200);
  });

  it('needs a current code to regenerate recovery codes and to switch off', async () => {
    const post = (url: string, code: string) =>
      testApp.app.inject({ method: 'POST', url, headers: session.headers, payload: { code } });
    expect((await post('/api/auth/second-factor/recovery-codes', '000000')).statusCode).toBe(403);
    const fresh = await post('/api/auth/second-factor/recovery-codes', factor.codeNow());
    expect(fresh.json().recovery_codes).toHaveLength(10);
    clock.advance(STEP);
    expect((await post('/api/auth/second-factor/disable', '')).statusCode).toBe(400);
    const off = await post('/api/auth/second-factor/disable', totpCodeAt(factor.secret, clock.now()));
    expect(off.json()).toEqual({ success: true, message: 'Two-step sign-in is off.' });
    // Back to a password-only sign-in.
    expect((await login()).json().session_token).toEqual(expect.any(String));
  });
});
