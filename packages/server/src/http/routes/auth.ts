import {
  type LoginResponse,
  type LogoutEverywhereResponse,
  loginCodeRequestSchema,
  loginRequestSchema,
  type PasswordSetupResponse,
  passwordSetupRequestSchema,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorRequiredResponse,
  setPasswordRequestSchema,
  type User,
  type ValidateSessionResponse,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../core/errors';
import { validate } from '../../core/validate';
import type { AuthService, SessionInfo, SignedIn } from '../../engines/auth/auth-service';
import { SIGN_IN_MESSAGES as MSG } from '../../engines/auth/sign-in-messages';
import type { StreamHub } from '../../engines/stream/stream-hub';
import { bearerToken } from '../auth-guard';

export interface AuthRouteDeps {
  auth: Pick<
    AuthService,
    | 'login'
    | 'completeSignIn'
    | 'requestPasswordSetup'
    | 'setPassword'
    | 'verifySession'
    | 'logout'
    | 'logoutEverywhere'
  >;
  /** A password change or sign-out closes the ended sessions' open streams at once. */
  stream: Pick<StreamHub, 'recheckSessions'>;
}

const userOf = (session: SessionInfo): User => ({ email: session.email, name: session.name });

function signedInReply({ sessionToken, session }: SignedIn, message: string): LoginResponse {
  return {
    success: true,
    message,
    session_token: sessionToken,
    user: userOf(session),
    expires_at: new Date(session.expiresAt).toISOString(),
  };
}

/** spec part 1 §7: the sign-in calls (and the code step of two-step sign-in). All are public; each checks what it needs itself. */
export async function authRoutes(app: FastifyInstance, { auth, stream }: AuthRouteDeps) {
  // Clients often send Content-Type: application/json with no body on logout and validate-session;
  // in this scope an empty JSON body reads as "no body" instead of a 400.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, text, done);
  });
  // Replies carry session and setup tokens: no cache, shared or private, may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/api/auth/login', async (request): Promise<LoginResponse | SecondFactorRequiredResponse> => {
    const { email, password } = validate(loginRequestSchema, request.body);
    const outcome = await auth.login(email, password, request.ip);
    if ('sessionToken' in outcome) return signedInReply(outcome, MSG.welcome);
    // Two-step sign-in is on: no session until /api/auth/login/code gets a right code.
    return {
      success: true,
      second_factor_required: true,
      message: SECOND_FACTOR_MESSAGES.codeNeeded,
      challenge: outcome.challenge,
      expires_at: new Date(outcome.expiresAt).toISOString(),
    };
  });

  app.post('/api/auth/login/code', async (request): Promise<LoginResponse> => {
    const { challenge, code } = validate(loginCodeRequestSchema, request.body);
    return signedInReply(await auth.completeSignIn(challenge, code, request.ip), MSG.welcome);
  });

  app.post('/api/auth/request-password-setup', async (request): Promise<PasswordSetupResponse> => {
    const { email } = validate(passwordSetupRequestSchema, request.body);
    const { channel } = await auth.requestPasswordSetup(email, { ip: request.ip });
    const message = channel === 'email' ? MSG.setupSent : MSG.setupWrittenOnServer;
    return { success: true, message, sent_to: channel };
  });

  app.post('/api/auth/set-password', async (request): Promise<LoginResponse> => {
    const { temp_token, new_password } = validate(setPasswordRequestSchema, request.body);
    const signedIn = await auth.setPassword(temp_token, new_password);
    // The new password ended every older session: their open streams close now, not at the next check.
    stream.recheckSessions();
    return signedInReply(signedIn, MSG.passwordSet);
  });

  app.post('/api/auth/validate-session', async (request): Promise<ValidateSessionResponse> => {
    const token = bearerToken(request);
    const session = token ? auth.verifySession(token) : null;
    if (!session) throw unauthorized(token ? MSG.sessionExpired : MSG.signInToContinue);
    return { success: true, user: userOf(session), expires_at: new Date(session.expiresAt).toISOString() };
  });

  app.post('/api/auth/logout', async (request) => {
    const token = bearerToken(request);
    if (token) auth.logout(token);
    stream.recheckSessions();
    return { success: true };
  });

  // Signed in only (not a public route): ends every session of the account, this one included.
  app.post('/api/auth/logout-all', async (request): Promise<LogoutEverywhereResponse> => {
    const ended = auth.logoutEverywhere((request.session as SessionInfo).email);
    stream.recheckSessions();
    return { success: true, message: MSG.signedOutEverywhere, ended_sessions: ended };
  });
}
