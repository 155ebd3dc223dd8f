import pino from 'pino';
import { SecretBox } from '../../storage/secrets/secret-box';
import { SqlSecondFactorRepository } from '../../storage/sql/second-factor-repository';
import { SqlSessionsRepository } from '../../storage/sql/sessions-repository';
import { TEST_SCRYPT_COST } from '../../test-support/build-test-app';
import { databases } from '../../test-support/databases';
import { createTestClock } from '../../test-support/test-clock';
import { LoginFailureLog } from './attempt-limits';
import { SecondFactor } from './second-factor';
import { totpCodeAt } from './totp-codes';

const OWNER = 'trader@example.com';
const IP = '203.0.113.7';
const STEP = 30_000;

function setup() {
  const db = databases[0]!.open();
  const clock = createTestClock();
  const rows = new SqlSecondFactorRepository(db);
  const limiter = new LoginFailureLog(new SqlSessionsRepository(db).loginFailures, {
    limit: 5,
    windowMs: 900_000,
  });
  const factor = new SecondFactor({
    ...{ rows, box: SecretBox.forTests(), limiter, owner: OWNER },
    ...{ now: clock.now, scryptCost: TEST_SCRYPT_COST, logger: pino({ level: 'silent' }) },
  });
  return { db, clock, rows, factor, limiter };
}

async function enrolled() {
  const context = setup();
  const { secret } = await context.factor.startEnrolment();
  const recoveryCodes = await context.factor.confirmEnrolment(totpCodeAt(secret, context.clock.now()), IP);
  // The confirming code's step is spent: the next code an app shows comes a step later.
  context.clock.advance(STEP);
  const code = (steps = 0) => totpCodeAt(secret, context.clock.now() + steps * STEP);
  return { ...context, secret, recoveryCodes, code };
}

describe('SecondFactor', () => {
  it('stores the secret sealed: the row holds no base32 secret and the otpauth URI names it once', async () => {
    const { factor, rows } = setup();
    const enrolment = await factor.startEnrolment();
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    const stored = rows.find(OWNER)!;
    expect(stored.sealedSecret).not.toContain(enrolment.secret);
    expect(stored.confirmedAt).toBeNull();
    expect(factor.isOn()).toBe(false);
  });

  it('switches on with one valid code and gives ten different recovery codes', async () => {
    const { factor, recoveryCodes } = await enrolled();
    expect(factor.isOn()).toBe(true);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(factor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    await expect(factor.startEnrolment()).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses to switch on with a wrong code', async () => {
    const { factor } = setup();
    await factor.startEnrolment();
    await expect(factor.confirmEnrolment('000000', IP)).rejects.toMatchObject({ statusCode: 403 });
    expect(factor.isOn()).toBe(false);
  });

  it('accepts a code one time step early or late, and refuses two steps off', async () => {
    for (const steps of [-1, 1]) {
      const { factor, code, clock } = await enrolled();
      // One step further on, so the previous step is not the one the enrolment spent.
      clock.advance(STEP);
      await expect(factor.requireCode(code(steps), IP, 'sign-in')).resolves.toBeUndefined();
    }
    for (const steps of [-2, 2]) {
      const { factor, code, clock } = await enrolled();
      clock.advance(2 * STEP);
      await expect(factor.requireCode(code(steps), IP, 'sign-in')).rejects.toMatchObject({ statusCode: 401 });
    }
  });

  it('accepts a code once: the same code, or an older one, is refused afterwards', async () => {
    const { factor, code, clock } = await enrolled();
    const now = code();
    await factor.requireCode(now, IP, 'sign-in');
    await expect(factor.requireCode(now, IP, 'sign-in')).rejects.toMatchObject({ code: 'wrong_code' });
    // The previous step's code is within the drift but older than the one used.
    await expect(factor.requireCode(code(-1), IP, 'sign-in')).rejects.toMatchObject({ code: 'wrong_code' });
    clock.advance(STEP);
    await expect(factor.requireCode(code(), IP, 'sign-in')).resolves.toBeUndefined();
  });

  it('counts wrong codes in the sign-in limit and locks out with the sign-in sentence', async () => {
    const { factor, limiter, clock } = await enrolled();
    // Three wrong passwords already counted, as the password step records them.
    for (let i = 0; i < 3; i += 1) await limiter.admit(OWNER, IP, clock.now());
    for (let i = 0; i < 2; i += 1) {
      await expect(factor.requireCode('000000', IP, 'sign-in')).rejects.toMatchObject({ statusCode: 401 });
    }
    await expect(factor.requireCode('000000', IP, 'sign-in')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many login attempts. Please try again in 15 minutes.',
    });
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { factor, recoveryCodes } = await enrolled();
    const recovery = recoveryCodes[0]!;
    await factor.requireCode(recovery.toUpperCase().replace('-', ' '), IP, 'sign-in');
    await expect(factor.requireCode(recovery, IP, 'sign-in')).rejects.toMatchObject({ statusCode: 401 });
    expect(factor.status().recoveryCodesLeft).toBe(9);
  });

  it('needs a current code to switch off and to regenerate recovery codes', async () => {
    const { factor, code, clock, recoveryCodes } = await enrolled();
    await expect(factor.switchOff(undefined, IP)).rejects.toMatchObject({
      statusCode: 403,
      code: 'code_required',
    });
    await expect(factor.regenerateRecoveryCodes('000000', IP)).rejects.toMatchObject({ statusCode: 403 });
    const fresh = await factor.regenerateRecoveryCodes(code(), IP);
    expect(fresh).toHaveLength(10);
    // The old set no longer works.
    await expect(factor.requireCode(recoveryCodes[1]!, IP, 'settings')).rejects.toMatchObject({
      statusCode: 403,
    });
    clock.advance(STEP);
    await factor.switchOff(code(), IP);
    expect(factor.isOn()).toBe(false);
    expect(factor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('spends a sign-in challenge once, and not after five minutes', async () => {
    const { factor, code, clock } = await enrolled();
    const { challenge } = factor.issueChallenge();
    await factor.completeChallenge(challenge, code(), IP);
    clock.advance(STEP);
    await expect(factor.completeChallenge(challenge, code(), IP)).rejects.toMatchObject({
      code: 'challenge_expired',
    });
    const late = factor.issueChallenge();
    clock.advance(5 * 60_000);
    await expect(factor.completeChallenge(late.challenge, code(), IP)).rejects.toMatchObject({
      code: 'challenge_expired',
    });
    await expect(factor.completeChallenge('not-a-challenge', code(), IP)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
