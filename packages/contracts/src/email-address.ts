// No zod here: the sign-in form checks addresses on the sign-in page, before zod is downloaded
// (docs/decisions/0045). `auth.ts` builds its email schema from the same pattern and message.

/** zod 4's default email pattern (its `regexes.email`), kept here so the form and the server agree. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MESSAGE = 'Enter a valid email address';

/** Whether the server's email rule (trimmed, lower-cased, then the pattern) accepts `value`. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim().toLowerCase());
}
