import { errorMessage, isApiError } from '@td/api-client';
import { MESSAGES } from './sign-in-messages';

function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/** A 403 on login that means "no password yet": the server marks it with a code and a flag. */
export function isSetupRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const body = error.body as { setup_required?: unknown } | null;
  return error.code === 'setup_required' || body?.setup_required === true;
}

/** spec part 1 §8 "Sign-in": what a failed login says. */
export function loginFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return MESSAGES.loginNetwork;
  if (isApiError(error)) {
    if (error.status === 429) return MESSAGES.tooManyLogins;
    if (isSetupRequired(error)) return MESSAGES.setupRequired;
    if (error.status === 401) return errorMessage(error, MESSAGES.invalidCredentials);
  }
  return errorMessage(error, MESSAGES.loginFailed);
}

/** spec part 1 §8: the authorised address is the server's to know, so its 403 sentence is shown. */
export function resetFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return MESSAGES.resetNetwork;
  if (isApiError(error) && error.status === 403) return errorMessage(error, MESSAGES.accessRestricted);
  return errorMessage(error, MESSAGES.resetFailed);
}

export function setPasswordFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return MESSAGES.setPasswordNetwork;
  return errorMessage(error, MESSAGES.setPasswordFailed);
}

/** The setup token was used or has expired: the way forward is a new one. */
export function isSetupLinkInvalid(error: unknown): boolean {
  return isApiError(error) && error.code === 'setup_link_invalid';
}
