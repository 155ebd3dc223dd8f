// spec part 1 §5 and §9: one scoring function, used by the sign-in screen and enforced by the server.
export const MIN_PASSWORD_LENGTH = 12;
export const REQUIRED_PASSWORD_STRENGTH = 75;
export const GENERATED_PASSWORD_LENGTH = 16;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export function scorePassword(password: string): number {
  let score = 0;
  if (password.length >= MIN_PASSWORD_LENGTH) score += 25;
  if (/[a-z]/.test(password)) score += 25;
  if (/[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 15;
  if (/[^A-Za-z0-9]/.test(password)) score += 10;
  return Math.min(score, 100);
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < 25) return 'Weak';
  if (score < 50) return 'Fair';
  if (score < 75) return 'Good';
  return 'Strong';
}

/** Why a new password is refused, in the words the sign-in screen uses; null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 12 characters long';
  if (scorePassword(password) < REQUIRED_PASSWORD_STRENGTH) {
    return 'Password is too weak: use upper and lower case letters, and add digits or symbols';
  }
  return null;
}
