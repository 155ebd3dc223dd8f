import assert from 'node:assert/strict';
import { totpCodeAt } from '../../../packages/server/src/engines/auth/totp-codes';
import { callApi } from './api';
import type { E2EStack } from './stack';

/** The code the trader's authenticator app shows now (`steps` time steps of 30 s later). */
export const authenticatorCode = (secret: string, steps = 0) =>
  totpCodeAt(secret, Date.now() + steps * 30_000);

/**
 * Switches two-step sign-in on through the API, as Settings → Profile does: live mode needs it.
 * Returns the secret and the recovery codes, for files that must sign in again or switch it off.
 */
export async function enrolSecondFactor(stack: E2EStack, token: string) {
  const start = await callApi<{ secret: string }>(stack, token, 'POST', '/api/auth/second-factor/enrol');
  assert.equal(start.status, 200, 'two-step sign-in enrolment should start');
  const { secret } = start.body;
  const confirm = await callApi<{ recovery_codes: string[] }>(
    stack,
    token,
    'POST',
    '/api/auth/second-factor/confirm',
    {
      code: authenticatorCode(secret),
    },
  );
  assert.equal(confirm.status, 200, 'the first authenticator code should switch two-step sign-in on');
  return { secret, recoveryCodes: confirm.body.recovery_codes };
}
