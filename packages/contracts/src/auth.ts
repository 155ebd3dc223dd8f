import { z } from 'zod';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from './email-address';
import { MIN_PASSWORD_LENGTH } from './password-strength';

export * from './email-address';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }));

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(1024, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  username: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** spec part 1 §3: login gives success, message, session_token, setup_required. */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  session_token: z.string(),
  user: userSchema,
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const setPasswordRequestSchema = z.object({
  temp_token: z.string().min(1, 'The setup link is missing its token; request a new one').max(512),
  new_password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 12 characters long')
    .max(1024, 'Password is too long'),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;
export const setPasswordResponseSchema = loginResponseSchema;
export type SetPasswordResponse = LoginResponse;

export const passwordSetupRequestSchema = z.object({ email });
export type PasswordSetupRequest = z.infer<typeof passwordSetupRequestSchema>;

/**
 * Where the setup link went: the trader's mailbox (SMTP_URL set), or the server's terminal and
 * DATA_DIR/setup-link.txt. The link itself never travels in this reply: no HTTP request can prove it
 * comes from the machine's owner (a reverse proxy on the same host makes every visitor look local).
 */
export const setupLinkChannelSchema = z.enum(['email', 'server-console']);
export type SetupLinkChannel = z.infer<typeof setupLinkChannelSchema>;

export const passwordSetupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  sent_to: setupLinkChannelSchema,
});
export type PasswordSetupResponse = z.infer<typeof passwordSetupResponseSchema>;

export const validateSessionResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  expires_at: z.string(),
});
export type ValidateSessionResponse = z.infer<typeof validateSessionResponseSchema>;

/** Sign out everywhere: every session of the account ends, the caller's included. */
export const logoutEverywhereResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended_sessions: z.number().int().min(0),
});
export type LogoutEverywhereResponse = z.infer<typeof logoutEverywhereResponseSchema>;
