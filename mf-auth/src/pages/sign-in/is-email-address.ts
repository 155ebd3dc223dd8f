import { passwordSetupRequestSchema } from '@td/contracts';

/** The same email rule the server applies (the shared contract), so the button and the server agree. */
export function isEmailAddress(email: string): boolean {
  return passwordSetupRequestSchema.safeParse({ email }).success;
}
