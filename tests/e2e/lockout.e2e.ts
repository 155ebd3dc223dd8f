import assert from 'node:assert/strict';
import type { Response } from 'playwright-core';
import {
  e2eSuite,
  expectPath,
  expectSignInForm,
  expectText,
  SIGN_IN_TEXT,
  setFirstPassword,
  signInNotice,
  submitSignIn,
  TRADER_PASSWORD,
} from './support';

const isLoginReply = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/auth/login';

// Its own file, so its own stack: after the lockout, sign-in from 127.0.0.1 stays blocked for 15 minutes.
e2eSuite('lockout', {}, (suite) => {
  suite.test(
    'five wrong passwords, then a sixth attempt says to try again in 15 minutes',
    async ({ page, stack, newContext }) => {
      // A password exists (set through the screen in another browser context).
      await setFirstPassword(page, stack);

      const visitor = await (await newContext()).newPage();
      await visitor.goto(`${stack.hostUrl}/login`);
      await expectSignInForm(visitor);

      // Wrong, but strong enough for the form to let it through to the server.
      const wrongPasswords = [
        'Wrong-Guess-0001!',
        'Wrong-Guess-0002!',
        'Wrong-Guess-0003!',
        'Wrong-Guess-0004!',
        'Wrong-Guess-0005!',
      ];
      for (const [i, wrong] of wrongPasswords.entries()) {
        // Each attempt waits for its own reply, so the five really are five refusals in a row.
        const reply = visitor.waitForResponse(isLoginReply, { timeout: 20_000 });
        await submitSignIn(visitor, stack.traderEmail, wrong);
        assert.equal((await reply).status(), 401, `attempt ${i + 1} is refused as wrong`);
        await expectText(signInNotice(visitor), SIGN_IN_TEXT.invalidCredentials);
      }

      // The sixth attempt, even with the right password, is refused with the spec's sentence.
      const sixth = visitor.waitForResponse(isLoginReply, { timeout: 20_000 });
      await submitSignIn(visitor, stack.traderEmail, TRADER_PASSWORD);
      assert.equal((await sixth).status(), 429);
      await expectText(signInNotice(visitor), SIGN_IN_TEXT.tooManyLogins);
      const alert = visitor.getByRole('alert');
      assert.equal(await alert.count(), 1, 'one error message is shown');
      assert.equal((await alert.locator('strong').textContent())?.trim(), SIGN_IN_TEXT.tooManyLogins);
      await expectPath(visitor, '/login');
    },
  );
});
