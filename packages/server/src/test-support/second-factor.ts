import { totpCodeAt } from '../engines/auth/totp-codes';
import type { TestApp } from './build-test-app';
import { answerChallengesWith, type TestSession } from './test-session';

export interface TestSecondFactor {
  secret: string;
  recoveryCodes: string[];
  /** The code an authenticator app shows at the app's clock now, plus `steps` time steps. */
  codeNow(steps?: number): string;
}

const enrolled = new WeakMap<TestApp, TestSecondFactor>();

/**
 * Switches two-step sign-in on through the real endpoints, as the trader does in Settings → Profile:
 * start, read the secret, confirm with the code an app would show. Live mode needs it on.
 */
export async function enrolSecondFactorForTest(
  testApp: TestApp,
  session: TestSession,
): Promise<TestSecondFactor> {
  const { app, now } = testApp;
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/enrol',
    headers: session.headers,
  });
  const secret = start.json().secret;
  if (start.statusCode !== 200 || typeof secret !== 'string')
    throw new Error(`enrolment failed: ${start.body}`);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/confirm',
    headers: session.headers,
    payload: { code: totpCodeAt(secret, now()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`enrolment confirmation failed: ${confirm.body}`);
  const factor: TestSecondFactor = {
    secret,
    recoveryCodes: confirm.json().recovery_codes,
    codeNow: (steps = 0) => totpCodeAt(secret, now() + steps * 30_000),
  };
  enrolled.set(testApp, factor);
  // signInForTest answers the challenge with these codes, popping from this same list.
  answerChallengesWith(testApp, factor.recoveryCodes);
  return factor;
}

/** The factor enrolSecondFactorForTest switched on in this app, if any (signInForTest answers its challenge). */
export function enrolledSecondFactor(testApp: TestApp): TestSecondFactor | undefined {
  return enrolled.get(testApp);
}
