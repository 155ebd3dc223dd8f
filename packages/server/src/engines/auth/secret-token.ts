import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
// 32 bytes in base64url without padding is always 43 characters from this alphabet.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, URL-safe: used for session tokens and password-setup tokens alike. */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Only this digest is stored. A plain SHA-256 suffices (no salt, no stretching) because the
 * input already has 256 bits of entropy; it also lets a lookup be a primary-key match.
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cheap shape check so malformed input never reaches the database. */
export function looksLikeSecretToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}
