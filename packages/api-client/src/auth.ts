import {
  type LoginCodeRequest,
  type LoginRequest,
  loginResponseSchema,
  logoutEverywhereResponseSchema,
  type PasswordSetupRequest,
  passwordSetupResponseSchema,
  type SetPasswordRequest,
  secondFactorRequiredResponseSchema,
  setPasswordResponseSchema,
  validateSessionResponseSchema,
} from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';

/** spec part 1 §7: the sign-in calls. Sign-in runs before any session exists, so none sends one. */
export const authApi = {
  /** A session, or, with two-step sign-in on, a challenge for loginCode. */
  login: (api: ApiClient, body: LoginRequest) =>
    api.post('/api/auth/login', z.union([loginResponseSchema, secondFactorRequiredResponseSchema]), body, {
      anonymous: true,
    }),
  /** The code step: the challenge from login and a current authenticator code or a recovery code. */
  loginCode: (api: ApiClient, body: LoginCodeRequest) =>
    api.post('/api/auth/login/code', loginResponseSchema, body, { anonymous: true }),
  requestPasswordSetup: (api: ApiClient, body: PasswordSetupRequest) =>
    api.post('/api/auth/request-password-setup', passwordSetupResponseSchema, body, { anonymous: true }),
  setPassword: (api: ApiClient, body: SetPasswordRequest) =>
    api.post('/api/auth/set-password', setPasswordResponseSchema, body, { anonymous: true }),
  validateSession: (api: ApiClient) => api.post('/api/auth/validate-session', validateSessionResponseSchema),
  logout: (api: ApiClient) => api.post('/api/auth/logout', z.object({ success: z.boolean() }).loose()),
  /** Ends every session of the account, on every device, this one included. */
  logoutEverywhere: (api: ApiClient) => api.post('/api/auth/logout-all', logoutEverywhereResponseSchema),
};
