import {
  type LoginCodeRequest,
  type LoginRequest,
  type PasswordSetupRequest,
  type SetPasswordRequest,
  validateSessionReply,
} from '@td/contracts';
import type { ApiClient } from './api-client';

/** The reply schemas, fetched with the first sign-in call rather than with the page (ReplySchema). */
const replies = () => import('./auth-replies');

/** spec part 1 §7: the sign-in calls. Sign-in runs before any session exists, so none sends one. */
export const authApi = {
  /** A session, or, with two-step sign-in on, a challenge for loginCode. */
  login: (api: ApiClient, body: LoginRequest) =>
    api.post('/api/auth/login', () => replies().then((r) => r.loginReply), body, { anonymous: true }),
  /** The code step: the challenge from login and a current authenticator code or a recovery code. */
  loginCode: (api: ApiClient, body: LoginCodeRequest) =>
    api.post('/api/auth/login/code', () => replies().then((r) => r.loginCodeReply), body, {
      anonymous: true,
    }),
  requestPasswordSetup: (api: ApiClient, body: PasswordSetupRequest) =>
    api.post('/api/auth/request-password-setup', () => replies().then((r) => r.passwordSetupReply), body, {
      anonymous: true,
    }),
  setPassword: (api: ApiClient, body: SetPasswordRequest) =>
    api.post('/api/auth/set-password', () => replies().then((r) => r.setPasswordReply), body, {
      anonymous: true,
    }),
  validateSession: (api: ApiClient) =>
    // Checked without zod: every signed-in page waits on this answer before its first screen (0046).
    api.post('/api/auth/validate-session', validateSessionReply),
  logout: (api: ApiClient) => api.post('/api/auth/logout', () => replies().then((r) => r.logoutReply)),
  /** Ends every session of the account, on every device, this one included. */
  logoutEverywhere: (api: ApiClient) =>
    api.post('/api/auth/logout-all', () => replies().then((r) => r.logoutEverywhereReply)),
};
