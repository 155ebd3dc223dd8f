import { PROFILE_MESSAGES, SECOND_FACTOR_MESSAGES as TWO_STEP } from '@td/contracts';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { HttpError } from '../../core/errors';
import type { SecondFactorRepository } from '../../core/ports/repositories/second-factor';
import type { SignInLimiter } from './attempt-limits';
import { hashPassword, type ScryptCost, verifyPassword } from './password-hash';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-token';
import { SIGN_IN_MESSAGES as MSG, PRODUCT_NAME } from './sign-in-messages';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_COUNT,
} from './totp-codes';

/** The password step's answer when a code is needed: no session yet. */
export interface SignInChallenge {
  challenge: string;
  expiresAt: number;
}

export interface Enrolment {
  otpauthUri: string;
  qrSvg: string;
  secret: string;
}

/** Seals secrets at rest; the runtime's SecretBox. */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string | null;
}

export interface SecondFactorDeps {
  rows: SecondFactorRepository;
  box: SecretSealer;
  /** The sign-in limit: a wrong code counts as a wrong password does. */
  limiter: SignInLimiter;
  owner: string;
  now: () => number;
  scryptCost: ScryptCost;
  logger: Logger;
}

// Long enough to open the authenticator app and type; short enough that a stolen challenge is stale.
export const CHALLENGE_TTL_MS = 5 * 60_000;

const REREAD_AFTER_MS = 5_000;

/**
 * Recovery codes are 50 random bits, not a person's password: a dictionary cannot shorten the search,
 * so scrypt at 16 MiB (tens of ms) is ample, and making or checking ten stays quick on a small server.
 */
const RECOVERY_CODE_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/** Where a code is asked for: sign-in refuses with 401, Settings with 403 (a 401 would sign the screen out). */
type Asker = 'sign-in' | 'settings';

const wrongCode = (asker: Asker) =>
  new HttpError(asker === 'sign-in' ? 401 : 403, TWO_STEP.wrongCode, 'wrong_code');

/** TOTP (RFC 6238) for the one trader: enrolment, the code step of sign-in and the code-guarded actions. */
export class SecondFactor {
  /** The live gate asks on every order: a short memory spares the database; other instances' changes show within it. */
  private known?: { on: boolean; readAt: number };

  private readonly recoveryCost: ScryptCost;

  constructor(private readonly deps: SecondFactorDeps) {
    // Tests lower the password cost further still; never raise it above the recovery-code cost.
    this.recoveryCost = deps.scryptCost.N < RECOVERY_CODE_COST.N ? deps.scryptCost : RECOVERY_CODE_COST;
  }

  /** Read afresh: sign-in and the code-guarded actions never act on a stale answer. */
  isOn(): boolean {
    const on = (this.deps.rows.find(this.deps.owner)?.confirmedAt ?? null) !== null;
    this.known = { on, readAt: this.deps.now() };
    return on;
  }

  /** The live gate's answer, at most a few seconds old. */
  isOnForLiveGate(): boolean {
    const now = this.deps.now();
    const known = this.known;
    if (known && now >= known.readAt && now - known.readAt < REREAD_AFTER_MS) return known.on;
    return this.isOn();
  }

  status(): { enabled: boolean; recoveryCodesLeft: number } {
    const enabled = this.isOn();
    const left = enabled ? this.deps.rows.unusedRecoveryCodes(this.deps.owner).length : 0;
    return { enabled, recoveryCodesLeft: left };
  }

  /** A new secret, sealed and pending until a code confirms it; the only time it leaves the server. */
  async startEnrolment(): Promise<Enrolment> {
    const { rows, box, owner, now } = this.deps;
    if (this.isOn()) throw new HttpError(409, TWO_STEP.alreadyOn, 'second_factor_on');
    const secret = newTotpSecret();
    if (!rows.savePending(owner, box.seal(secret), now())) {
      throw new HttpError(409, TWO_STEP.alreadyOn, 'second_factor_on');
    }
    const uri = otpauthUri(secret, owner, PRODUCT_NAME);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    this.deps.logger.info('two-step sign-in enrolment started');
    return { otpauthUri: uri, qrSvg, secret };
  }

  /** The first valid code switches it on; the ten recovery codes come back this once. */
  async confirmEnrolment(code: string, ip: string): Promise<string[]> {
    const { rows, owner, now } = this.deps;
    const stored = rows.find(owner);
    if (!stored) throw new HttpError(409, TWO_STEP.noEnrolment, 'no_enrolment');
    if (stored.confirmedAt !== null) throw new HttpError(409, TWO_STEP.alreadyOn, 'second_factor_on');
    await this.admit(ip, PROFILE_MESSAGES.tooManyAttempts);
    const step = matchingStep(this.openSecret(stored.sealedSecret), code, now());
    if (step === null || !rows.confirm(owner, step, now())) throw wrongCode('settings');
    this.known = undefined;
    await this.deps.limiter.clearAccount(owner, ip);
    this.deps.logger.info('two-step sign-in switched on');
    return this.replaceRecoveryCodes();
  }

  async switchOff(code: string | undefined, ip: string): Promise<void> {
    if (!this.isOn()) throw new HttpError(409, TWO_STEP.notOn, 'second_factor_off');
    await this.requireCode(code, ip, 'settings');
    this.deps.rows.remove(this.deps.owner);
    this.known = undefined;
    this.deps.logger.info('two-step sign-in switched off');
  }

  async regenerateRecoveryCodes(code: string | undefined, ip: string): Promise<string[]> {
    if (!this.isOn()) throw new HttpError(409, TWO_STEP.notOn, 'second_factor_off');
    await this.requireCode(code, ip, 'settings');
    this.deps.logger.info('recovery codes regenerated');
    return this.replaceRecoveryCodes();
  }

  /** When it is on, a current code (or an unused recovery code) is needed; each try counts in the limit. */
  async requireCode(code: string | undefined, ip: string, asker: Asker): Promise<void> {
    if (!this.isOn()) return;
    if (!code?.trim())
      throw new HttpError(asker === 'sign-in' ? 401 : 403, TWO_STEP.codeRequired, 'code_required');
    await this.admit(ip, asker === 'sign-in' ? MSG.tooManyLogins : PROFILE_MESSAGES.tooManyAttempts);
    if (!(await this.acceptCode(code))) {
      this.deps.logger.warn({ ip, asker }, 'second-factor code refused');
      throw wrongCode(asker);
    }
    await this.deps.limiter.clearAccount(this.deps.owner, ip);
  }

  issueChallenge(): SignInChallenge {
    const challenge = newSecretToken();
    const at = this.deps.now();
    const expiresAt = at + CHALLENGE_TTL_MS;
    this.deps.rows.addChallenge(hashSecretToken(challenge), this.deps.owner, expiresAt, at);
    return { challenge, expiresAt };
  }

  /** Sign-in's second call: the challenge must be open and the code right; the challenge is then spent. */
  async completeChallenge(challenge: string, code: string, ip: string): Promise<void> {
    const { rows, owner, now } = this.deps;
    const expired = () => new HttpError(401, TWO_STEP.challengeExpired, 'challenge_expired');
    const digest = looksLikeSecretToken(challenge) ? hashSecretToken(challenge) : null;
    if (digest === null || rows.challengeEmail(digest, now()) !== owner) throw expired();
    await this.requireCode(code, ip, 'sign-in');
    if (!rows.spendChallenge(digest, now())) throw expired();
  }

  private async admit(ip: string, tooManyMessage: string): Promise<void> {
    const wait = await this.deps.limiter.admit(this.deps.owner, ip, this.deps.now());
    if (wait !== null) {
      this.deps.logger.warn({ ip, retryAfterSeconds: wait }, 'second-factor code refused: too many attempts');
      throw new HttpError(429, tooManyMessage, 'too_many_attempts', { retryAfterSeconds: wait });
    }
  }

  private async acceptCode(code: string): Promise<boolean> {
    const { rows, owner, now } = this.deps;
    const stored = rows.find(owner);
    if (!stored || stored.confirmedAt === null) return false;
    if (isTotpCode(code)) {
      const step = matchingStep(this.openSecret(stored.sealedSecret), code, now());
      return step !== null && rows.useStep(owner, step);
    }
    const typed = normaliseRecoveryCode(code);
    for (const hash of rows.unusedRecoveryCodes(owner)) {
      if (await verifyPassword(typed, hash)) return rows.useRecoveryCode(owner, hash, now());
    }
    return false;
  }

  private openSecret(sealed: string): string {
    const secret = this.deps.box.open(sealed);
    if (secret === null) {
      // The data directory's key changed: nothing the trader can type will match until re-enrolment.
      this.deps.logger.error('the two-step sign-in secret cannot be opened with this secrets key');
      throw new HttpError(
        503,
        'Two-step sign-in cannot be checked: the server was started with another SECRETS_KEY. Restore the key it had.',
        'secret_unreadable',
      );
    }
    return secret;
  }

  private async replaceRecoveryCodes(): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((code) => hashPassword(code, this.recoveryCost)));
    this.deps.rows.replaceRecoveryCodes(this.deps.owner, hashes, this.deps.now());
    return codes;
  }
}
