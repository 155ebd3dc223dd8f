import { isApiError } from '@td/api-client';
import { formatINR } from '@td/ui';

/** spec part 2 §9: the balance a reset starts the paper account again with. */
export const PAPER_RESET_BALANCE = 1_000_000;

// spec part 2 §8 "Paper trading", word for word.
export const PAPER_MESSAGES = {
  limitsUpdated: 'Trading limits updated successfully!',
  limitsRefused: 'Failed to update trading limits.',
  limitsUnreachable: 'Error updating trading limits.',
  resetDone: 'Paper trading account reset successfully!',
  resetFailed: 'Failed to reset paper trading account.',
  resetNotYet: (reason: string) => `Failed to reset paper trading account: ${reason}`,
  balanceInvalid: 'Please enter a valid positive balance amount',
  balanceRetry: 'Failed to update balance. Please try again.',
  balanceUnreachable: 'Error updating balance. Please try again.',
  balanceUpdated: (rupees: number) => `Balance updated successfully to ${formatINR(rupees)}`,
  balanceRefused: (error: string) => `Failed to update balance: ${error}`,
} as const;

/** The server answered and said no (as opposed to no answer at all). */
function serverAnswered(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'http' || error.kind === 'invalid_response');
}

export function limitsFailureMessage(error: unknown): string {
  return serverAnswered(error) ? PAPER_MESSAGES.limitsRefused : PAPER_MESSAGES.limitsUnreachable;
}

/** The server's own reason when it gave one; the generic retry line when it answered without one. */
export function balanceFailureMessage(error: unknown): string {
  if (!serverAnswered(error)) return PAPER_MESSAGES.balanceUnreachable;
  if (isApiError(error) && error.kind === 'http' && error.message) {
    return PAPER_MESSAGES.balanceRefused(error.message);
  }
  return PAPER_MESSAGES.balanceRetry;
}

/**
 * A server not ready yet (503, e.g. while the start-up replay prepares the account) says when it will
 * be, and that sentence is worth more than the generic line; other failures keep the spec's words.
 */
export function resetFailureMessage(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.status === 503 && error.message) {
    return PAPER_MESSAGES.resetNotYet(error.message);
  }
  return PAPER_MESSAGES.resetFailed;
}
