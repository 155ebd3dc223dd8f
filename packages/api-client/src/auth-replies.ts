import {
  loginResponseSchema,
  logoutEverywhereResponseSchema,
  passwordSetupResponseSchema,
  secondFactorRequiredResponseSchema,
  setPasswordResponseSchema,
} from '@td/contracts';
import { z } from 'zod';

// The sign-in calls' reply schemas, loaded on the first call (auth.ts): the sign-in page renders
// before zod arrives (docs/decisions/0045).
export const loginReply = z.union([loginResponseSchema, secondFactorRequiredResponseSchema]);
export const logoutReply = z.object({ success: z.boolean() }).loose();
export {
  loginResponseSchema as loginCodeReply,
  logoutEverywhereResponseSchema as logoutEverywhereReply,
  passwordSetupResponseSchema as passwordSetupReply,
  setPasswordResponseSchema as setPasswordReply,
};
