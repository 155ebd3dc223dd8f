import type { SetupTokenRows } from '../../core/ports/repositories/sessions';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-token';

// Short enough that a leaked mail is soon useless, long enough to open the mail and choose a password.
export const SETUP_TOKEN_TTL_MS = 15 * 60_000;

/** Single-use password-setup tokens, stored as SHA-256 digests. */
export class SetupTokenStore {
  constructor(private readonly rows: SetupTokenRows) {}

  /** Issues a new token and retires any earlier unused one, so only the latest link works. */
  issue(email: string, now: number): string {
    const token = newSecretToken();
    this.rows.issue(
      { tokenHash: hashSecretToken(token), email, createdAt: now, expiresAt: now + SETUP_TOKEN_TTL_MS },
      now - SETUP_TOKEN_TTL_MS,
    );
    return token;
  }

  /** Whether the token could be redeemed now, without redeeming it. */
  isRedeemable(token: string, email: string, now: number): boolean {
    if (!looksLikeSecretToken(token)) return false;
    return this.rows.isRedeemable(hashSecretToken(token), email, now);
  }

  /** Marks the token used; false when another request got there first or it has lapsed. */
  redeem(token: string, email: string, now: number): boolean {
    if (!looksLikeSecretToken(token)) return false;
    return this.rows.redeem(hashSecretToken(token), email, now);
  }

  retire(token: string, now: number): void {
    this.rows.retire(hashSecretToken(token), now);
  }
}
