/**
 * Sign-in storage: sessions, password-setup tokens, the password hash and the attempt logs that
 * rate-limit sign-in and setup. Tokens are never stored, only their SHA-256 digests; times are epoch ms.
 */
export interface SessionsRepository {
  sessions: SessionRows;
  setupTokens: SetupTokenRows;
  credentials: CredentialRows;
  loginFailures: LoginFailureRows;
  setupRequests: SetupRequestRows;
}

export interface StoredSession {
  email: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface SessionRows {
  add(tokenHash: string, session: Omit<StoredSession, 'revokedAt'>): void;
  byTokenHash(tokenHash: string): StoredSession | undefined;
  markSeen(tokenHash: string, at: number): void;
  /** Revokes the session unless it already was. */
  revoke(tokenHash: string, at: number): void;
  /** Revokes every unrevoked session of the account; returns how many. */
  revokeAll(email: string, at: number): number;
  /** The same, sparing the session whose digest is `keepTokenHash`. */
  revokeAllBut(email: string, keepTokenHash: string, at: number): number;
  /** Deletes sessions that expired or were revoked before `endedBefore`, or were last seen before `seenBefore`. */
  deleteEnded(endedBefore: number, seenBefore: number): void;
}

export interface NewSetupToken {
  tokenHash: string;
  email: string;
  createdAt: number;
  expiresAt: number;
}

export interface SetupTokenRows {
  /** Atomically: retires the account's unused tokens, stores this one, deletes those that expired before `forgetExpiredBefore`. */
  issue(token: NewSetupToken, forgetExpiredBefore: number): void;
  /** Unused, for this account, and not expired at `at`. */
  isRedeemable(tokenHash: string, email: string, at: number): boolean;
  /** Marks the token used if it is redeemable at `at`; false when it was not. */
  redeem(tokenHash: string, email: string, at: number): boolean;
  retire(tokenHash: string, at: number): void;
}

export interface CredentialRows {
  /** Null until the first-run password setup. */
  passwordHash(email: string): string | null;
  setPasswordHash(email: string, passwordHash: string, at: number): void;
}

export interface LoginFailureRows {
  /** When the failures by this account (or this address) happened after `after`, oldest first. */
  timesAfter(by: 'email' | 'ip', key: string, after: number): number[];
  record(email: string, ip: string, at: number): void;
  /** Forgets failures at or before `cutoff`. */
  forgetUpTo(cutoff: number): void;
  clearAccount(email: string): void;
}

export interface SetupRequestRows {
  /** When this address asked for a setup link after `after`, oldest first. */
  timesAfter(ip: string, after: number): number[];
  record(ip: string, at: number): void;
  /** Forgets requests at or before `cutoff`. */
  forgetUpTo(cutoff: number): void;
}
