import { z } from 'zod';
import { SECOND_FACTOR_MESSAGES } from './second-factor-messages';

/**
 * Two-step sign-in (TOTP, RFC 6238; decision 0036): the code step after the password, enrolment in
 * Settings → Profile, and the calls that need a current code. The sentences sit here so the screens
 * and the server say the same thing.
 */
export { SECOND_FACTOR_MESSAGES };

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); the server tells which. */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
  .max(64, SECOND_FACTOR_MESSAGES.wrongCode);

export const codeRequestSchema = z.object({ code: secondFactorCodeSchema });
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** The second call of a sign-in: the challenge the password step gave and a code. */
export const loginCodeRequestSchema = z.object({
  challenge: z
    .string({ error: SECOND_FACTOR_MESSAGES.challengeExpired })
    .min(1, SECOND_FACTOR_MESSAGES.challengeExpired)
    .max(128, SECOND_FACTOR_MESSAGES.challengeExpired),
  code: secondFactorCodeSchema,
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;

/** The password was right and a code is needed: no session yet, only a short-lived challenge. */
export const secondFactorRequiredResponseSchema = z.object({
  success: z.literal(true),
  second_factor_required: z.literal(true),
  message: z.string(),
  challenge: z.string(),
  expires_at: z.string(),
});
export type SecondFactorRequiredResponse = z.infer<typeof secondFactorRequiredResponseSchema>;

export const secondFactorStatusSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** Enrolment's first step: shown once, never again after the first code confirms it. */
export const secondFactorEnrolmentSchema = z.object({
  success: z.literal(true),
  otpauth_uri: z.string(),
  /** An SVG image of the QR code, made on the server. */
  qr_svg: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
