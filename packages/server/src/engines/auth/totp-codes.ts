import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
// ±1 step: a phone clock up to 30 s off, or a code typed as it rolled over, still works (decision 0036).
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt. 31 symbols × 10 = about 50 bits per code.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const TOTP_SHAPE = /^\d{6}$/;

export const isTotpCode = (code: string): boolean => TOTP_SHAPE.test(code.replace(/\s/g, ''));

/** A fresh random secret, base32 as the otpauth URI and manual entry want it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpFor(secretBase32: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  return totpFor(secretBase32, account, issuer).toString();
}

/**
 * The time step `code` belongs to, within ±1 step of `now`, or null when it matches none. The
 * caller refuses a step at or before the last one accepted, so each code works once.
 */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!TOTP_SHAPE.test(token)) return null;
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Tests and the e2e run compute the code an authenticator app would show. */
export function totpCodeAt(secretBase32: string, at: number): string {
  return totpFor(secretBase32).generate({ timestamp: at });
}

/** `xxxxx-xxxxx`, lower case. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Typed back as read: any case, spaces or dashes anywhere. */
export function normaliseRecoveryCode(code: string): string {
  const bare = code.toLowerCase().replace(/[\s-]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}
