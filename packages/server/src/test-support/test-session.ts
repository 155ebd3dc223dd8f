import { readSetupTokenFromFile } from '../engines/auth/setup-link-file';
import type { TestApp } from './build-test-app';

/** Strong by the shared rule (length, both cases, digits, symbols). */
export const TEST_PASSWORD = 'Correct-Horse-42-Battery';

export interface TestSession {
  token: string;
  headers: { authorization: string };
}

/** Per app, the recovery codes a two-step sign-in challenge is answered with (each works once). */
const challengeCodes = new WeakMap<TestApp, string[]>();

/** Two-step sign-in is on in this app: signInForTest answers its challenge with these codes, taking one each time. */
export function answerChallengesWith(testApp: TestApp, recoveryCodes: string[]): void {
  challengeCodes.set(testApp, recoveryCodes);
}

/** First run as the owner does it: ask for setup, read the link from the data directory, set the password. */
async function setFirstPassword({ app, config }: TestApp, password: string) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/request-password-setup',
    payload: { email: config.traderEmail },
  });
  const tempToken = readSetupTokenFromFile(config.dataDir);
  if (tempToken === null) throw new Error(`first-run setup left no setup link: ${setup.body}`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    payload: { temp_token: tempToken, new_password: password },
  });
}

/**
 * Signs the authorised trader in through the real endpoints: first-run setup when no password
 * exists yet, a normal login after that. Use `headers` on protected routes.
 */
export async function signInForTest(testApp: TestApp, password = TEST_PASSWORD): Promise<TestSession> {
  const { app, services, config } = testApp;
  const response = services.auth.isPasswordSet()
    ? await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: config.traderEmail, password },
      })
    : await setFirstPassword(testApp, password);
  const token = (await answerChallenge(testApp, response.json())) ?? response.json().session_token;
  if (response.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`test sign-in failed: ${response.body}`);
  }
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** With two-step sign-in on, the password step gives a challenge: answer it with one recovery code (each works once). */
async function answerChallenge(testApp: TestApp, reply: { challenge?: unknown }): Promise<string | null> {
  if (typeof reply.challenge !== 'string') return null;
  const code = challengeCodes.get(testApp)?.pop();
  if (!code) throw new Error('sign-in needs a code, and the test enrolled no second factor to answer it');
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login/code',
    payload: { challenge: reply.challenge, code },
  });
  return response.json().session_token ?? null;
}
