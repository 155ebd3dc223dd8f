const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;
const ROLLOVER_IST_MS = 3.5 * 3_600_000; // 03:30 IST

/**
 * When an Upstox access token stops working: the first 03:30 IST after it was issued (architecture:
 * tokens expire at 03:30 IST the next day, with no refresh token). A token issued at 02:00 IST
 * therefore lives only until 03:30 the same morning.
 */
export function upstoxTokenExpiry(issuedAtMs: number): number {
  const istDayStart = Math.floor((issuedAtMs + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const rollover = istDayStart + ROLLOVER_IST_MS;
  return rollover > issuedAtMs ? rollover : rollover + DAY_MS;
}

/** The `exp` claim of an Upstox JWT access token, epoch ms, or null when it cannot be read. */
export function jwtExpiry(accessToken: string): number | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface UpstoxSession {
  accessToken: string;
  /** When the token was issued (the code exchange), epoch ms. */
  issuedAtMs?: number;
  /** An explicit expiry, epoch ms; wins over the derived ones. */
  expiresAtMs?: number;
}

/** The session's expiry: explicit, else the 03:30 IST rule from its issue time, else the JWT's exp; null if unknown. */
export function sessionExpiry(session: UpstoxSession): number | null {
  if (session.expiresAtMs !== undefined) return session.expiresAtMs;
  if (session.issuedAtMs !== undefined) return upstoxTokenExpiry(session.issuedAtMs);
  return jwtExpiry(session.accessToken);
}

/**
 * When the product stops allowing live trading on this session: the session's own expiry, but never
 * past the first 03:30 IST after it was issued, even when Upstox would still answer (SEBI 2025: the
 * broker session ends before the next trading day). Null when nothing says when it ends.
 */
export function liveSessionEnd(session: UpstoxSession): number | null {
  const expiry = sessionExpiry(session);
  if (session.issuedAtMs === undefined) return expiry;
  const rollover = upstoxTokenExpiry(session.issuedAtMs);
  return expiry === null ? rollover : Math.min(expiry, rollover);
}
