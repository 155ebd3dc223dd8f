import type { SessionRows, StoredSession } from '../../core/ports/repositories/sessions';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-token';

export interface SessionRecord {
  email: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

// Writing last_seen_at on every request would turn every read into a write; 30 s of slack is harmless.
const TOUCH_INTERVAL_MS = 30_000;
// Expired and revoked rows are kept a day for forensics, then deleted.
const KEEP_ENDED_SESSIONS_MS = 24 * 3_600_000;

export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

const recordOf = (session: StoredSession, lastSeenAt = session.lastSeenAt): SessionRecord => ({
  email: session.email,
  createdAt: session.createdAt,
  lastSeenAt,
  expiresAt: session.expiresAt,
});

/** Sessions keyed by the SHA-256 of their token; the raw token exists only in the client's hands. */
export class SessionStore {
  constructor(
    private readonly rows: SessionRows,
    private readonly lifetime: SessionLifetime,
  ) {}

  create(email: string, now: number): { token: string; record: SessionRecord } {
    const token = newSecretToken();
    const record = { email, createdAt: now, lastSeenAt: now, expiresAt: now + this.lifetime.absoluteMs };
    this.rows.add(hashSecretToken(token), record);
    return { token, record };
  }

  /** The live session for this token, its last-seen time refreshed; null if unknown, revoked, idle or expired. */
  touch(token: string, now: number): SessionRecord | null {
    const tokenHash = looksLikeSecretToken(token) ? hashSecretToken(token) : null;
    const session = tokenHash ? this.live(tokenHash, now) : null;
    if (!tokenHash || !session) return null;
    let lastSeenAt = session.lastSeenAt;
    if (now - lastSeenAt >= TOUCH_INTERVAL_MS) {
      this.rows.markSeen(tokenHash, now);
      lastSeenAt = now;
    }
    return recordOf(session, lastSeenAt);
  }

  /** Like touch, without refreshing last-seen: an open stream alone does not keep a session from idling out. */
  peek(token: string, now: number): SessionRecord | null {
    const session = looksLikeSecretToken(token) ? this.live(hashSecretToken(token), now) : null;
    return session ? recordOf(session) : null;
  }

  private live(tokenHash: string, now: number): StoredSession | null {
    const session = this.rows.byTokenHash(tokenHash);
    if (!session || session.revokedAt !== null) return null;
    if (now >= session.expiresAt || now - session.lastSeenAt >= this.lifetime.idleMs) return null;
    return session;
  }

  revoke(token: string, now: number): void {
    if (!looksLikeSecretToken(token)) return;
    this.rows.revoke(hashSecretToken(token), now);
  }

  revokeAll(email: string, now: number): number {
    return this.rows.revokeAll(email, now);
  }

  /** Every live session of the account but the one holding `keepToken`; returns how many ended. */
  revokeOthers(email: string, keepToken: string, now: number): number {
    const keep = looksLikeSecretToken(keepToken) ? hashSecretToken(keepToken) : '';
    return this.rows.revokeAllBut(email, keep, now);
  }

  pruneEnded(now: number): void {
    const cutoff = now - KEEP_ENDED_SESSIONS_MS;
    this.rows.deleteEnded(cutoff, cutoff - this.lifetime.idleMs);
  }
}
