import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-token';

export interface SessionRecord {
  email: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

interface SessionRow {
  email: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

// Writing last_seen_at on every request would turn every read into a write; 30 s of slack is harmless.
const TOUCH_INTERVAL_MS = 30_000;
// Expired and revoked rows are kept a day for forensics, then deleted.
const KEEP_ENDED_SESSIONS_MS = 24 * 3_600_000;

export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

/** Sessions keyed by the SHA-256 of their token; the raw token exists only in the client's hands. */
export class SessionStore {
  // Prepared once, on first use (the table may not exist yet when the store is built): preparing
  // afresh on every request cost ~80 µs of each authenticated call together with the settings read.
  private selectStatement?: Statement;
  private touchStatement?: Statement;

  constructor(
    private readonly db: Db,
    private readonly lifetime: SessionLifetime,
  ) {}

  create(email: string, now: number): { token: string; record: SessionRecord } {
    const token = newSecretToken();
    const record = { email, createdAt: now, lastSeenAt: now, expiresAt: now + this.lifetime.absoluteMs };
    this.db
      .prepare(
        'INSERT INTO sessions (token_hash, email, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(hashSecretToken(token), email, record.createdAt, record.lastSeenAt, record.expiresAt);
    return { token, record };
  }

  /** The live session for this token, its last-seen time refreshed; null if unknown, revoked, idle or expired. */
  touch(token: string, now: number): SessionRecord | null {
    const tokenHash = looksLikeSecretToken(token) ? hashSecretToken(token) : null;
    const row = tokenHash ? this.liveRow(tokenHash, now) : null;
    if (!tokenHash || !row) return null;
    let lastSeenAt = row.last_seen_at;
    if (now - lastSeenAt >= TOUCH_INTERVAL_MS) {
      this.touchStatement ??= this.db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
      this.touchStatement.run(now, tokenHash);
      lastSeenAt = now;
    }
    return { email: row.email, createdAt: row.created_at, lastSeenAt, expiresAt: row.expires_at };
  }

  /** Like touch, without refreshing last-seen: an open stream alone does not keep a session from idling out. */
  peek(token: string, now: number): SessionRecord | null {
    const row = looksLikeSecretToken(token) ? this.liveRow(hashSecretToken(token), now) : null;
    if (!row) return null;
    return {
      email: row.email,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    };
  }

  private liveRow(tokenHash: string, now: number): SessionRow | null {
    this.selectStatement ??= this.db.prepare(
      'SELECT email, created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE token_hash = ?',
    );
    const row = this.selectStatement.get(tokenHash) as SessionRow | undefined;
    if (!row || row.revoked_at !== null) return null;
    if (now >= row.expires_at || now - row.last_seen_at >= this.lifetime.idleMs) return null;
    return row;
  }

  revoke(token: string, now: number): void {
    if (!looksLikeSecretToken(token)) return;
    this.db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
      .run(now, hashSecretToken(token));
  }

  revokeAll(email: string, now: number): number {
    return this.db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL')
      .run(now, email).changes;
  }

  /** Every live session of the account but the one holding `keepToken`; returns how many ended. */
  revokeOthers(email: string, keepToken: string, now: number): number {
    const keep = looksLikeSecretToken(keepToken) ? hashSecretToken(keepToken) : '';
    return this.db
      .prepare(
        'UPDATE sessions SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL AND token_hash != ?',
      )
      .run(now, email, keep).changes;
  }

  pruneEnded(now: number): void {
    const cutoff = now - KEEP_ENDED_SESSIONS_MS;
    this.db
      .prepare('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ? OR last_seen_at < ?')
      .run(cutoff, cutoff, cutoff - this.lifetime.idleMs);
  }
}
