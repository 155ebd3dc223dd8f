// spec part 1 §5 and §8: the sentences the sign-in screen shows, kept in one place so client and server agree.
export const PRODUCT_NAME = 'Trading Dashboard';

export const SIGN_IN_MESSAGES = {
  welcome: `Welcome to ${PRODUCT_NAME}`,
  invalidCredentials: 'Invalid credentials. Please check your password.',
  tooManyLogins: 'Too many login attempts. Please try again in 15 minutes.',
  setupRequired: 'Password setup required. Please check your email for setup instructions.',
  notAuthorisedForSetup: 'Access restricted to authorized user only',
  tooManySetupRequests: 'Too many password setup requests. Please try again in 15 minutes.',
  setupSent: 'Password setup instructions sent! Please check your email.',
  // Not in the spec, which knows only mail: with no mail server the link stays on the server's machine.
  setupWrittenOnServer:
    'Password setup link written to the terminal running the server and to setup-link.txt in its data directory. Open it within 15 minutes.',
  setupSendFailed: 'Failed to send password setup instructions',
  setupLinkInvalid: 'This setup link has expired or was already used. Request a new one.',
  passwordSet: 'Password set successfully! Logging you in...',
  sessionExpired: 'Your session has expired. Sign in again.',
  signInToContinue: 'Sign in to continue.',
  signedOutEverywhere: 'Signed out on every device. Sign in again to continue.',
} as const;
