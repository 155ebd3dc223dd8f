import type {
  CredentialRows,
  LoginFailureRows,
  SessionRows,
  SessionsRepository,
  SetupRequestRows,
  SetupTokenRows,
  StoredSession,
} from '../../core/ports/repositories/sessions';
import type { SqlDatabase, SqlStatement } from './sql-database';

/** The sign-in tables (sessions, setup_tokens, credentials, login_failures, password_setup_requests). */
export class SqlSessionsRepository implements SessionsRepository {
  readonly sessions: SessionRows;
  readonly setupTokens: SetupTokenRows;
  readonly credentials: CredentialRows;
  readonly loginFailures: LoginFailureRows;
  readonly setupRequests: SetupRequestRows;

  constructor(db: SqlDatabase) {
    this.sessions = sessionRows(db);
    this.setupTokens = setupTokenRows(db);
    this.credentials = credentialRows(db);
    this.loginFailures = loginFailureRows(db);
    this.setupRequests = setupRequestRows(db);
  }
}

interface SessionRow {
  email: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

function sessionRows(db: SqlDatabase): SessionRows {
  // Prepared once, on first use (the table may not exist yet when the repository is built): preparing
  // afresh on every request cost ~80 µs of each authenticated call together with the settings read.
  let select: SqlStatement | undefined;
  let touch: SqlStatement | undefined;
  return {
    add(tokenHash, session) {
      db.prepare(
        'INSERT INTO sessions (token_hash, email, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ).run(tokenHash, session.email, session.createdAt, session.lastSeenAt, session.expiresAt);
    },
    byTokenHash(tokenHash): StoredSession | undefined {
      select ??= db.prepare(
        'SELECT email, created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE token_hash = ?',
      );
      const row = select.get(tokenHash) as SessionRow | undefined;
      if (!row) return undefined;
      return {
        email: row.email,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      };
    },
    markSeen(tokenHash, at) {
      touch ??= db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
      touch.run(at, tokenHash);
    },
    revoke(tokenHash, at) {
      db.prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(
        at,
        tokenHash,
      );
    },
    revokeAll(email, at) {
      return db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL')
        .run(at, email).changes;
    },
    revokeAllBut(email, keepTokenHash, at) {
      return db
        .prepare(
          'UPDATE sessions SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL AND token_hash != ?',
        )
        .run(at, email, keepTokenHash).changes;
    },
    deleteEnded(endedBefore, seenBefore) {
      db.prepare('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ? OR last_seen_at < ?').run(
        endedBefore,
        endedBefore,
        seenBefore,
      );
    },
  };
}

function setupTokenRows(db: SqlDatabase): SetupTokenRows {
  return {
    issue(token, forgetExpiredBefore) {
      db.transaction(() => {
        db.prepare('UPDATE setup_tokens SET used_at = ? WHERE email = ? AND used_at IS NULL').run(
          token.createdAt,
          token.email,
        );
        db.prepare(
          'INSERT INTO setup_tokens (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)',
        ).run(token.tokenHash, token.email, token.createdAt, token.expiresAt);
        db.prepare('DELETE FROM setup_tokens WHERE expires_at < ?').run(forgetExpiredBefore);
      })();
    },
    isRedeemable(tokenHash, email, at) {
      const row = db
        .prepare(
          'SELECT 1 FROM setup_tokens WHERE token_hash = ? AND email = ? AND used_at IS NULL AND expires_at > ?',
        )
        .get(tokenHash, email, at);
      return row !== undefined;
    },
    redeem(tokenHash, email, at) {
      const result = db
        .prepare(
          'UPDATE setup_tokens SET used_at = ? WHERE token_hash = ? AND email = ? AND used_at IS NULL AND expires_at > ?',
        )
        .run(at, tokenHash, email, at);
      return result.changes === 1;
    },
    retire(tokenHash, at) {
      db.prepare('UPDATE setup_tokens SET used_at = ? WHERE token_hash = ?').run(at, tokenHash);
    },
  };
}

function credentialRows(db: SqlDatabase): CredentialRows {
  return {
    passwordHash(email) {
      const row = db.prepare('SELECT password_hash FROM credentials WHERE email = ?').get(email) as
        | { password_hash: string }
        | undefined;
      return row?.password_hash ?? null;
    },
    setPasswordHash(email, passwordHash, at) {
      db.prepare(
        'INSERT INTO credentials (email, password_hash, updated_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at',
      ).run(email, passwordHash, at);
    },
  };
}

function loginFailureRows(db: SqlDatabase): LoginFailureRows {
  return {
    timesAfter(by, key, after) {
      const column = by === 'email' ? 'email' : 'ip';
      return db
        .prepare(`SELECT at FROM login_failures WHERE ${column} = ? AND at > ? ORDER BY at ASC`)
        .all(key, after)
        .map((row) => (row as { at: number }).at);
    },
    record(email, ip, at) {
      db.prepare('INSERT INTO login_failures (email, ip, at) VALUES (?, ?, ?)').run(email, ip, at);
    },
    forgetUpTo(cutoff) {
      db.prepare('DELETE FROM login_failures WHERE at <= ?').run(cutoff);
    },
    clearAccount(email) {
      db.prepare('DELETE FROM login_failures WHERE email = ?').run(email);
    },
  };
}

function setupRequestRows(db: SqlDatabase): SetupRequestRows {
  return {
    timesAfter(ip, after) {
      return db
        .prepare('SELECT at FROM password_setup_requests WHERE ip = ? AND at > ? ORDER BY at ASC')
        .all(ip, after)
        .map((row) => (row as { at: number }).at);
    },
    record(ip, at) {
      db.prepare('INSERT INTO password_setup_requests (ip, at) VALUES (?, ?)').run(ip, at);
    },
    forgetUpTo(cutoff) {
      db.prepare('DELETE FROM password_setup_requests WHERE at <= ?').run(cutoff);
    },
  };
}
