import type { Db } from '../db/database';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-token';

// Short enough that a leaked mail is soon useless, long enough to open the mail and choose a password.
export const SETUP_TOKEN_TTL_MS = 15 * 60_000;

/** Single-use password-setup tokens, stored as SHA-256 digests. */
export class SetupTokenStore {
  constructor(private readonly db: Db) {}

  /** Issues a new token and retires any earlier unused one, so only the latest link works. */
  issue(email: string, now: number): string {
    const token = newSecretToken();
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE setup_tokens SET used_at = ? WHERE email = ? AND used_at IS NULL')
        .run(now, email);
      this.db
        .prepare('INSERT INTO setup_tokens (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(hashSecretToken(token), email, now, now + SETUP_TOKEN_TTL_MS);
      this.db.prepare('DELETE FROM setup_tokens WHERE expires_at < ?').run(now - SETUP_TOKEN_TTL_MS);
    })();
    return token;
  }

  /** Whether the token could be redeemed now, without redeeming it. */
  isRedeemable(token: string, email: string, now: number): boolean {
    if (!looksLikeSecretToken(token)) return false;
    const row = this.db
      .prepare(
        'SELECT 1 FROM setup_tokens WHERE token_hash = ? AND email = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(hashSecretToken(token), email, now);
    return row !== undefined;
  }

  /** Marks the token used; false when another request got there first or it has lapsed. */
  redeem(token: string, email: string, now: number): boolean {
    if (!looksLikeSecretToken(token)) return false;
    const result = this.db
      .prepare(
        'UPDATE setup_tokens SET used_at = ? WHERE token_hash = ? AND email = ? AND used_at IS NULL AND expires_at > ?',
      )
      .run(now, hashSecretToken(token), email, now);
    return result.changes === 1;
  }

  retire(token: string, now: number): void {
    this.db
      .prepare('UPDATE setup_tokens SET used_at = ? WHERE token_hash = ?')
      .run(now, hashSecretToken(token));
  }
}
