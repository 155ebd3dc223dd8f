import { z } from 'zod';
import { newPasswordProblem } from './password-strength';

/**
 * Settings → Profile: the signed-in trader changes the password, proving the current one. The new
 * one must pass the same strength rule as the sign-in screen's (spec part 1 §5), checked here so the
 * form and the server refuse with the same sentence.
 */
export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(1024, 'Password is too long'),
  new_password: z
    .string({ error: 'Enter a new password' })
    .max(1024, 'Password is too long')
    .superRefine((password, context) => {
      const problem = newPasswordProblem(password);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** The current authenticator code, needed when two-step sign-in is on. */
  code: z.string().trim().max(64, 'That code is too long').optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Every other session of the account ended; the caller's own stays signed in. */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended_sessions: z.number().int().min(0),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

// The sentences the Profile tab shows; the server sends the same ones.
export const PROFILE_MESSAGES = {
  passwordChanged: 'Password changed. Every other signed-in session was signed out.',
  wrongCurrentPassword: 'Your current password is not correct.',
  sameAsCurrent: 'The new password must be different from the current one.',
  tooManyAttempts: 'Too many password attempts. Please try again in 15 minutes.',
} as const;
