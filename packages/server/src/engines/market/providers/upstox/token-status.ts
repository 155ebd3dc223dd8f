import { jwtExpiry } from './upstox-token-expiry';

export type TokenState = 'missing' | 'valid' | 'expiring' | 'expired' | 'invalid';

// spec part 2 §9: expiring under 2 hours
export const TOKEN_EXPIRING_MS = 2 * 3_600_000;

/** spec part 2 §4 "Token status", from the access token's `exp` claim. */
export function tokenStatus(
  token: string | null | undefined,
  now: number,
): { state: TokenState; expiresAt: string | null } {
  if (!token) return { state: 'missing', expiresAt: null };
  const expiry = jwtExpiry(token);
  if (expiry === null || !Number.isFinite(expiry)) return { state: 'invalid', expiresAt: null };
  const expiresAt = new Date(expiry).toISOString();
  if (expiry <= now) return { state: 'expired', expiresAt };
  if (expiry - now < TOKEN_EXPIRING_MS) return { state: 'expiring', expiresAt };
  return { state: 'valid', expiresAt };
}
