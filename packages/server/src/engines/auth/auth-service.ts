import { newPasswordProblem, PROFILE_MESSAGES } from '@td/contracts';
import { HttpError } from '../../core/errors';
import { LoginFailureLog, SetupRequestLog } from './attempt-limits';
import type { AuthService, AuthServiceDeps, SessionInfo, SignedIn } from './auth-service-interface';
import { hashPassword, PRODUCTION_SCRYPT_COST, verifyPassword } from './password-hash';
import { SecondFactor } from './second-factor';
import { type SessionRecord, SessionStore } from './session-store';
import { createSetupLinkDelivery, setupLink } from './setup-link-delivery';
import { SETUP_TOKEN_TTL_MS, SetupTokenStore } from './setup-token-store';
import { signInLimiter } from './shared-sign-in-limiter';
import { SIGN_IN_MESSAGES as MSG } from './sign-in-messages';

export type {
  AuthConfig,
  AuthService,
  AuthServiceDeps,
  PasswordSetupOutcome,
  SessionInfo,
  SignedIn,
} from './auth-service-interface';

// A cheap, generous ceiling: the setup endpoint sends mail, so it must not become a mail cannon.
const SETUP_REQUEST_WINDOW = { limit: 5, windowMs: 15 * 60_000 };

const tooMany = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'too_many_attempts', { retryAfterSeconds });

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { config, logger, unitOfWork } = deps;
  const clock = deps.now ?? Date.now;
  const scryptCost = deps.scryptCost ?? PRODUCTION_SCRYPT_COST;
  const delivery = deps.delivery ?? createSetupLinkDelivery(config, logger, clock);
  const owner = config.traderEmail;
  const { credentials } = deps.sessions;
  const sessions = new SessionStore(deps.sessions.sessions, {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });
  const setupTokens = new SetupTokenStore(deps.sessions.setupTokens);
  const failures = signInLimiter(
    new LoginFailureLog(deps.sessions.loginFailures, {
      limit: config.loginMaxFailures,
      windowMs: config.loginWindowMs,
    }),
    deps.counters,
    (error) =>
      logger.warn({ err: error }, 'shared sign-in counters unreachable: the database counts this attempt'),
  );
  const sessionsEnded = (email: string) => deps.onSessionsEnded?.(email);
  const secondFactor = new SecondFactor({
    ...{ rows: deps.secondFactors, box: deps.box, limiter: failures, owner },
    ...{ now: clock, scryptCost, logger },
  });
  const setupRequests = new SetupRequestLog(deps.sessions.setupRequests, SETUP_REQUEST_WINDOW);

  const toSessionInfo = (record: SessionRecord): SessionInfo => ({
    email: record.email,
    name: config.traderName,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    idleExpiresAt: Math.min(record.expiresAt, record.lastSeenAt + config.sessionIdleMs),
  });

  const startSession = (ip: string): SignedIn => {
    const signedInAt = clock();
    sessions.pruneEnded(signedInAt);
    const { token, record } = sessions.create(owner, signedInAt);
    logger.info({ ip }, 'signed in');
    return { sessionToken: token, session: toSessionInfo(record) };
  };

  return {
    secondFactor,

    verifySession(token) {
      const record = sessions.touch(token, clock());
      // A session issued to an address that is no longer the authorised one is worthless.
      return record && record.email === owner ? toSessionInfo(record) : null;
    },

    async login(emailInput, password, ip) {
      const email = emailInput.trim().toLowerCase();
      const now = clock();
      const stored = credentials.passwordHash(owner);
      if (!stored) throw new HttpError(403, MSG.setupRequired, 'setup_required', { setup_required: true });
      // Counted before the slow hash, so parallel guesses cannot all slip under the limit.
      const wait = await failures.admit(email, ip, now);
      if (wait !== null) {
        logger.warn({ ip, retryAfterSeconds: wait }, 'sign-in refused: too many failed attempts');
        throw tooMany(MSG.tooManyLogins, wait);
      }
      // The hash runs for every address alike, so the reply time says nothing about which one is authorised.
      const passwordMatches = await verifyPassword(password, stored);
      if (!passwordMatches || email !== owner) {
        logger.warn({ ip, authorisedEmail: email === owner }, 'sign-in failed');
        throw new HttpError(401, MSG.invalidCredentials, 'invalid_credentials');
      }
      // The slate stays as it is until the code is right: else each correct password would reset the code's guesses.
      if (secondFactor.isOn()) return secondFactor.issueChallenge();
      await failures.clearAccount(email, ip);
      return startSession(ip);
    },

    async completeSignIn(challenge, code, ip) {
      await secondFactor.completeChallenge(challenge, code, ip);
      return startSession(ip);
    },

    async requestPasswordSetup(emailInput, caller) {
      const email = emailInput.trim().toLowerCase();
      const now = clock();
      const wait = setupRequests.blockedFor(caller.ip, now);
      if (wait !== null) throw tooMany(MSG.tooManySetupRequests, wait);
      setupRequests.record(caller.ip, now);
      if (email !== owner) throw new HttpError(403, MSG.notAuthorisedForSetup, 'not_authorised');

      const token = setupTokens.issue(owner, now);
      try {
        await delivery.deliver(owner, setupLink(config, token), now + SETUP_TOKEN_TTL_MS);
      } catch (error) {
        setupTokens.retire(token, clock());
        delivery.withdraw();
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ channel: delivery.channel, reason }, 'password setup link could not be sent');
        throw new HttpError(502, MSG.setupSendFailed, 'setup_delivery_failed');
      }
      logger.info({ channel: delivery.channel }, 'password setup link sent');
      return { channel: delivery.channel };
    },

    async setPassword(tempToken, newPassword) {
      const problem = newPasswordProblem(newPassword);
      if (problem) throw new HttpError(400, problem, 'weak_password');
      // Checked before hashing so a dead link fails fast; checked again, atomically, when redeemed.
      if (!setupTokens.isRedeemable(tempToken, owner, clock())) {
        throw new HttpError(400, MSG.setupLinkInvalid, 'setup_link_invalid');
      }
      const passwordHash = await hashPassword(newPassword, scryptCost);
      const now = clock();
      const outcome = unitOfWork.run(() => {
        if (!setupTokens.redeem(tempToken, owner, now)) return null;
        credentials.setPasswordHash(owner, passwordHash, now);
        // A new password ends every existing session: whoever knew the old one is signed out.
        const revoked = sessions.revokeAll(owner, now);
        return { revoked, ...sessions.create(owner, now) };
      });
      if (!outcome) throw new HttpError(400, MSG.setupLinkInvalid, 'setup_link_invalid');
      await failures.clearAccount(owner);
      sessionsEnded(owner);
      // Only the latest link works and it is now spent: no copy of it stays on disk.
      delivery.withdraw();
      logger.info({ revokedSessions: outcome.revoked }, 'password set');
      return { sessionToken: outcome.token, session: toSessionInfo(outcome.record) };
    },

    async changePassword(sessionToken, { currentPassword, newPassword, code }, ip) {
      const now = clock();
      const problem = newPasswordProblem(newPassword);
      if (problem) throw new HttpError(400, problem, 'weak_password');
      const stored = credentials.passwordHash(owner);
      if (!stored) throw new HttpError(403, MSG.setupRequired, 'setup_required', { setup_required: true });
      // Counted before the slow hash, as at sign-in, so parallel guesses cannot slip under the limit.
      const wait = await failures.admit(owner, ip, now);
      if (wait !== null) throw tooMany(PROFILE_MESSAGES.tooManyAttempts, wait);
      if (!(await verifyPassword(currentPassword, stored))) {
        logger.warn({ ip }, 'password change refused: wrong current password');
        // 403, not 401: the session is fine, and a 401 would sign the trader out of the screen.
        throw new HttpError(403, PROFILE_MESSAGES.wrongCurrentPassword, 'wrong_current_password');
      }
      await failures.clearAccount(owner, ip);
      await secondFactor.requireCode(code, ip, 'settings');
      if (await verifyPassword(newPassword, stored)) {
        throw new HttpError(422, PROFILE_MESSAGES.sameAsCurrent, 'password_unchanged');
      }
      const passwordHash = await hashPassword(newPassword, scryptCost);
      const endedSessions = unitOfWork.run(() => {
        const changedAt = clock();
        credentials.setPasswordHash(owner, passwordHash, changedAt);
        return sessions.revokeOthers(owner, sessionToken, changedAt);
      });
      logger.info({ ip, revokedSessions: endedSessions }, 'password changed');
      sessionsEnded(owner);
      return { endedSessions };
    },

    isSessionLive(token) {
      return sessions.peek(token, clock())?.email === owner;
    },

    logout(token) {
      sessions.revoke(token, clock());
      // One trader: the ended session was the owner's, or no session at all.
      sessionsEnded(owner);
    },

    logoutEverywhere(email) {
      const revoked = sessions.revokeAll(email, clock());
      logger.info({ revokedSessions: revoked }, 'signed out everywhere');
      sessionsEnded(email);
      return revoked;
    },

    isPasswordSet() {
      return credentials.passwordHash(owner) !== null;
    },

    stop() {
      delivery.stop();
    },
  };
}
