// spec part 1 §5 and §8 "Sign-in": the screen's sentences, word for word.
export const PRODUCT_NAME = 'Trading Dashboard';

export const MESSAGES = {
  welcome: `Welcome to ${PRODUCT_NAME}`,
  redirecting: 'Redirecting...',
  enterEmail: 'Please enter your email address',
  invalidEmail: 'Enter a valid email address',
  accessRestricted: 'Access restricted to authorized user only',
  enterAndConfirm: 'Please enter and confirm your new password',
  passwordsDiffer: 'Passwords do not match',
  tooShort: 'Password must be at least 12 characters long',
  notStrongEnough: 'Password strength must reach Strong (75 of 100)',
  invalidCredentials: 'Invalid credentials. Please check your password.',
  tooManyLogins: 'Too many login attempts. Please try again in 15 minutes.',
  setupRequired: 'Password setup required. Please check your email for setup instructions.',
  loginFailed: 'Login failed. Please try again.',
  loginNetwork: 'Network error. Please check your connection and try again.',
  setPasswordFailed: 'Failed to set new password',
  setPasswordNetwork: 'Network error. Please try again.',
  resetFailed: 'Failed to send password setup instructions',
  resetNetwork: 'Network error. Please check your connection and try again.',
  setupSent: 'Password setup instructions sent! Please check your email.',
  // Not in the spec, which knows only mail: with no mail server the link stays on the server's machine.
  setupWrittenOnServer:
    'Password setup link written to the terminal running the server and to setup-link.txt in its data directory. Open it within 15 minutes.',
  passwordSet: 'Password set successfully! Logging you in...',
} as const;

// spec part 1 §9: login redirect delay and the return to login after a setup email.
export const LOGIN_REDIRECT_DELAY_MS = 1500;
export const RETURN_TO_LOGIN_DELAY_MS = 3000;
