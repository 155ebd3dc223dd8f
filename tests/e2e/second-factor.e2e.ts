import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  authenticatorCode,
  callApi,
  type E2EStack,
  e2eSuite,
  expectDashboard,
  expectSignInForm,
  expectText,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
  signInNotice,
  signOut,
  submitSignIn,
  TRADER_PASSWORD,
} from './support';

const WRONG_OR_USED =
  'That code is not correct or was already used. Enter the current code from your authenticator app.';

/** Password first; the screen then asks for the code. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await expectSignInForm(page);
  await submitSignIn(page, email, TRADER_PASSWORD);
  await expectVisible(page.getByRole('heading', { name: 'Enter your code', exact: true }));
}

/** Settings → Profile, where two-step sign-in is switched on and off. */
async function openProfile(page: Page, stack: E2EStack) {
  await openSignedIn(page, stack, '/settings');
  await page.getByRole('tab', { name: 'Profile', exact: true }).click();
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expectVisible(card, 20_000);
  return card;
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Authentication code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

e2eSuite('second-factor', { signedIn: true }, (suite) => {
  suite.test(
    'enrol with the shown key, sign in with password and code, a reused code is refused, a recovery code works once',
    async ({ page, stack }) => {
      const card = await openProfile(page, stack);
      await card.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await expectVisible(card.getByRole('img', { name: 'QR code to scan' }));
      const secret = (await card.getByTestId('second-factor-secret').textContent())?.trim() ?? '';
      assert.match(secret, /^[A-Z2-7]{32}$/, 'the key is shown as base32 text');
      await screenshots(page, 'second-factor-enrol');

      await card.getByLabel('Authenticator code', { exact: true }).fill(authenticatorCode(secret));
      await card.getByRole('button', { name: 'Turn on', exact: true }).click();
      const codesBox = card.getByRole('status', { name: 'Recovery codes' });
      await expectVisible(codesBox);
      const recoveryCodes = (await codesBox.locator('li').allTextContents()).map((code) => code.trim());
      assert.equal(recoveryCodes.length, 10);
      await screenshots(page, 'second-factor-recovery-codes');
      // The key is never shown again, nor sent by the server.
      assert.equal(await card.getByTestId('second-factor-secret').count(), 0);
      const status = await callApi(stack, await sessionToken(page), 'GET', '/api/auth/second-factor');
      assert.ok(!JSON.stringify(status.body).includes(secret));

      // Sign out, then in with the password and the next code (the enrolment spent this step's).
      await signOut(page);
      await passwordStep(page, stack.traderEmail);
      await screenshots(page, 'second-factor-code-step');
      const code = authenticatorCode(secret, 1);
      await enterCode(page, code);
      await expectDashboard(page);

      // The same code again is refused: a code works once.
      await signOut(page);
      await passwordStep(page, stack.traderEmail);
      await enterCode(page, code);
      await expectText(signInNotice(page), WRONG_OR_USED);
      await screenshots(page, 'second-factor-code-refused');

      // A recovery code signs in once.
      await enterCode(page, recoveryCodes[0]!);
      await expectDashboard(page);
      await signOut(page);
      await passwordStep(page, stack.traderEmail);
      await enterCode(page, recoveryCodes[0]!);
      await expectText(signInNotice(page), WRONG_OR_USED);
      await enterCode(page, recoveryCodes[1]!);
      await expectDashboard(page);

      // Leave the trader as the other files expect: two-step sign-in off (a recovery code proves it).
      const after = await openProfile(page, stack);
      await after.getByLabel('Authenticator code', { exact: true }).fill(recoveryCodes[2]!);
      await after.getByRole('button', { name: 'Switch off', exact: true }).click();
      await expectVisible(after.getByRole('button', { name: 'Set up two-step sign-in' }));
      const login = await fetch(`${stack.apiUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: stack.traderEmail, password: TRADER_PASSWORD }),
      });
      assert.equal(typeof ((await login.json()) as { session_token?: unknown }).session_token, 'string');
    },
    { timeout: 180_000 },
  );
});
