import {
  type LoginRequest,
  loginResponseSchema,
  logoutEverywhereResponseSchema,
  type PasswordSetupRequest,
  passwordSetupResponseSchema,
  type SetPasswordRequest,
  setPasswordResponseSchema,
  validateSessionResponseSchema,
} from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';

/** spec part 1 §7: the sign-in calls. Sign-in runs before any session exists, so none sends one. */
export const authApi = {
  login: (api: ApiClient, body: LoginRequest) =>
    api.post('/api/auth/login', loginResponseSchema, body, { anonymous: true }),
  requestPasswordSetup: (api: ApiClient, body: PasswordSetupRequest) =>
    api.post('/api/auth/request-password-setup', passwordSetupResponseSchema, body, { anonymous: true }),
  setPassword: (api: ApiClient, body: SetPasswordRequest) =>
    api.post('/api/auth/set-password', setPasswordResponseSchema, body, { anonymous: true }),
  validateSession: (api: ApiClient) => api.post('/api/auth/validate-session', validateSessionResponseSchema),
  logout: (api: ApiClient) => api.post('/api/auth/logout', z.object({ success: z.boolean() }).loose()),
  /** Ends every session of the account, on every device, this one included. */
  logoutEverywhere: (api: ApiClient) => api.post('/api/auth/logout-all', logoutEverywhereResponseSchema),
};
