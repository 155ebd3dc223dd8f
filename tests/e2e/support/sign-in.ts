import type { Page } from 'playwright-core';
import { readSetupTokenFromFile } from '../../../packages/server/src/engines/auth/setup-link-file';
import { expectPath, expectText, expectVisible } from './expect';
import type { E2EStack } from './stack';

/** Strong by the sign-in screen's meter: 12+ characters, lower and upper case, digits and a symbol. */
export const TRADER_PASSWORD = 'Nifty-Sensex-2031-Rally!';

// The sign-in screen's words (mf-auth/src/pages/sign-in), as the trader reads them.
export const SIGN_IN_TEXT = {
  heading: 'Sign in',
  resetLink: 'Need to reset your password?',
  sendSetup: 'Send Setup Instructions',
  setupWrittenOnServer:
    'Password setup link written to the terminal running the server and to setup-link.txt in its data directory. Open it within 15 minutes.',
  setupHeading: 'Set a new password',
  setPassword: 'Set Password',
  passwordSet: 'Password set successfully! Logging you in...',
  signIn: 'Sign In',
  invalidCredentials: 'Invalid credentials. Please check your password.',
  tooManyLogins: 'Too many login attempts. Please try again in 15 minutes.',
} as const;

/** The sign-in card's message banner: role alert for errors, status for the rest. */
export const signInNotice = (page: Page) =>
  page
    .locator(
      'section[aria-labelledby="sign-in-title"] [role="alert"], section[aria-labelledby="sign-in-title"] [role="status"]',
    )
    .locator('strong');

export const shellNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The remote's "not built yet" panel says which remote and version served it. */
export const remoteVersion = (page: Page) => page.getByTestId('remote-version');

/** The sign-in form is on screen (served by mf-auth). */
export async function expectSignInForm(page: Page): Promise<void> {
  await expectPath(page, '/login');
  await expectVisible(page.getByRole('heading', { name: SIGN_IN_TEXT.heading, exact: true }));
  await expectVisible(page.getByRole('button', { name: SIGN_IN_TEXT.signIn, exact: true }));
}

/** The shell with the dashboard in it: sidebar, and the trading remote's dashboard panel. */
export async function expectDashboard(page: Page): Promise<void> {
  await expectPath(page, '/dashboard', 20_000);
  await expectVisible(shellNav(page));
  await expectText(remoteVersion(page), 'Served by mf-trading 1.0.0', 20_000);
}

/**
 * First run, as the owner does it: from /login ask for password setup for the trader's address; with no
 * mail server the screen says the link is on the server's machine, and the owner opens the link from
 * DATA_DIR/setup-link.txt, which shows "Set a new password". Ends signed in on /dashboard.
 */
export async function setFirstPassword(
  page: Page,
  stack: E2EStack,
  password = TRADER_PASSWORD,
): Promise<void> {
  await page.goto(`${stack.hostUrl}/login`);
  await expectSignInForm(page);
  await page.getByRole('button', { name: SIGN_IN_TEXT.resetLink }).click();
  await page.getByLabel('Email', { exact: true }).fill(stack.traderEmail);
  await page.getByRole('button', { name: SIGN_IN_TEXT.sendSetup }).click();
  await expectText(signInNotice(page), SIGN_IN_TEXT.setupWrittenOnServer);
  const token = readSetupTokenFromFile(stack.dataDir);
  if (!token) throw new Error(`No setup link in ${stack.dataDir} after the setup request.`);
  await page.goto(`${stack.hostUrl}/login?setup_token=${encodeURIComponent(token)}`);
  await expectVisible(page.getByRole('heading', { name: SIGN_IN_TEXT.setupHeading, exact: true }));
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: SIGN_IN_TEXT.setPassword, exact: true }).click();
  await expectText(signInNotice(page), SIGN_IN_TEXT.passwordSet);
  await expectDashboard(page);
}

/** Fills the sign-in form and submits it; does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: SIGN_IN_TEXT.signIn, exact: true }).click();
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, stack: E2EStack, password = TRADER_PASSWORD): Promise<void> {
  await page.goto(`${stack.hostUrl}/login`);
  await expectSignInForm(page);
  await submitSignIn(page, stack.traderEmail, password);
  await expectDashboard(page);
}

/** Opens `pathname` in a context that already holds the trader's session; the shell must show. */
export async function openSignedIn(page: Page, stack: E2EStack, pathname: string): Promise<void> {
  await page.goto(`${stack.hostUrl}${pathname}`);
  await expectPath(page, pathname, 20_000);
  await expectVisible(shellNav(page));
}

/** Opens the user menu in the top bar and chooses Sign Out. */
export async function signOut(page: Page): Promise<void> {
  // The trigger's name is hidden on phones, so it is found by what it opens.
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
}
