import type { Logger } from 'pino';
import type { RateCounters } from '../../core/ports/rate-counters';
import type { SecondFactorRepository } from '../../core/ports/repositories/second-factor';
import type { SessionsRepository } from '../../core/ports/repositories/sessions';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { ScryptCost } from './password-hash';
import type { SecondFactor, SecretSealer, SignInChallenge } from './second-factor';
import type { SetupLinkConfig, SetupLinkDelivery } from './setup-link-delivery';

// What the auth service offers and needs, apart from how it does it (auth-service.ts).

/** Who a valid Bearer token belongs to; times are epoch milliseconds. */
export interface SessionInfo {
  email: string;
  name: string;
  createdAt: number;
  /** The absolute end: sign-in again after this whatever the activity. */
  expiresAt: number;
  /** When the session lapses if no request arrives before then. */
  idleExpiresAt: number;
}

export interface SignedIn {
  sessionToken: string;
  session: SessionInfo;
}

/** The link never comes back over HTTP; it went out by `channel`. */
export interface PasswordSetupOutcome {
  channel: SetupLinkDelivery['channel'];
}

export interface AuthService {
  /** Synchronous so the request guard stays cheap; enforces idle and absolute expiry and refreshes last-seen. */
  verifySession(token: string): SessionInfo | null;
  /** A session, or, when two-step sign-in is on, a challenge for completeSignIn (no session yet). */
  login(email: string, password: string, ip: string): Promise<SignedIn | SignInChallenge>;
  /** The code step: the challenge from login and a current code or a recovery code. */
  completeSignIn(challenge: string, code: string, ip: string): Promise<SignedIn>;
  /** Enrolment and the code-guarded actions of Settings → Profile. */
  readonly secondFactor: SecondFactor;
  requestPasswordSetup(email: string, caller: { ip: string }): Promise<PasswordSetupOutcome>;
  setPassword(tempToken: string, newPassword: string): Promise<SignedIn>;
  /**
   * Settings → Profile: a new password for the signed-in trader, proven by the current one. Wrong
   * guesses count against the sign-in limit; every other session ends, the caller's stays.
   */
  changePassword(
    sessionToken: string,
    change: { currentPassword: string; newPassword: string; code?: string },
    ip: string,
  ): Promise<{ endedSessions: number }>;
  /** Whether the session is still live, without counting this as activity (the stream's periodic check). */
  isSessionLive(token: string): boolean;
  /** Idempotent: an unknown or already revoked token is not an error. */
  logout(token: string): void;
  /** Ends every session of the account ("sign out everywhere"); returns how many were live. */
  logoutEverywhere(email: string): number;
  isPasswordSet(): boolean;
  /** The server is stopping: no timer of sign-in may outlive it (the lapsed setup-link clean-up). */
  stop(): void;
}

/** What the auth engine reads of the configuration: the one trader, session lifetimes, sign-in limits. */
export interface AuthConfig extends SetupLinkConfig {
  traderEmail: string;
  traderName: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
}

export interface AuthServiceDeps {
  sessions: SessionsRepository;
  secondFactors: SecondFactorRepository;
  /** Seals the TOTP secret at rest. */
  box: SecretSealer;
  /** The password change and setup each write several rows that must land together. */
  unitOfWork: UnitOfWork;
  config: AuthConfig;
  logger: Logger;
  /** Injected so tests can move time; defaults to the wall clock. */
  now?: () => number;
  /** Tests lower this to keep suites fast; production always uses the default. */
  scryptCost?: ScryptCost;
  delivery?: SetupLinkDelivery;
  /** The counters every instance shares; without them the sign-in limit lives in the database. */
  counters?: RateCounters;
  /** Sessions of `email` ended here: other instances close their streams (the caller re-checks its own). */
  onSessionsEnded?: (email: string) => void;
}
