import assert from 'node:assert/strict';
import {
  artifactPath,
  e2eSuite,
  expectDashboard,
  expectPath,
  expectSignInForm,
  expectText,
  expectVisible,
  setFirstPassword,
  shellNav,
  signIn,
  signOut,
} from './support';

// spec part 1 §2 "Shell": the sidebar's links, in this order.
const SIDEBAR_LINKS = [
  'Dashboard',
  'Portfolio',
  'Research',
  'Performance',
  'Trades',
  'Daily Allocation',
  'Paper Trading',
  'Risk Management',
  'ML Intelligence',
  'Production Scaling',
  'Tick Streaming',
  'Auto-Scaling',
  'Settings',
];

e2eSuite('sign-in', {}, (suite) => {
  suite.test(
    'an unauthenticated visit to /dashboard lands on /login, served by mf-auth from its own origin',
    async ({ page, stack }) => {
      const authOrigin = stack.remoteOrigin('auth');
      const fromAuth: string[] = [];
      page.on('response', (response) => {
        if (response.ok() && response.url().startsWith(`${authOrigin}/`))
          fromAuth.push(new URL(response.url()).pathname);
      });

      await page.goto(`${stack.hostUrl}/dashboard`);
      await expectSignInForm(page);

      assert.notEqual(authOrigin, new URL(stack.hostUrl).origin, 'mf-auth has an origin of its own');
      assert.ok(
        fromAuth.includes('/mf-auth/1.0.0/mf-manifest.json'),
        `the host fetched mf-auth's manifest from ${authOrigin}; fetched there: ${fromAuth.join(', ') || 'nothing'}`,
      );
      assert.ok(
        fromAuth.includes('/mf-auth/1.0.0/remoteEntry.js'),
        `the host loaded mf-auth's remoteEntry.js from ${authOrigin}; fetched there: ${fromAuth.join(', ')}`,
      );
      // The form's own code came from there too, not only its entry.
      assert.ok(
        fromAuth.some((pathname) =>
          /^\/mf-auth\/1\.0\.0\/__federation_expose_app\.[0-9a-f]{8}\.js$/.test(pathname),
        ),
        `mf-auth's exposed app chunk came from ${authOrigin}; fetched there: ${fromAuth.join(', ')}`,
      );
      assert.equal(await shellNav(page).count(), 0, 'no shell is shown before sign-in');

      await page.screenshot({ path: artifactPath('login-1440x900.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: artifactPath('login-390x844.png'), fullPage: true });
    },
  );

  suite.test(
    'first run: set the password, land on the dashboard, sign out, and /portfolio needs sign-in again',
    async ({ page, stack }) => {
      await setFirstPassword(page, stack);

      // Signed in: the shell with all thirteen links in the spec's order and the v1.0 footer.
      const links = await shellNav(page).getByRole('link').allTextContents();
      assert.deepEqual(
        links.map((text) => text.trim()),
        SIDEBAR_LINKS,
      );
      await expectText(page.getByRole('complementary', { name: 'Sidebar' }).locator('footer'), 'v1.0');

      // Sign out from the user menu, then sign in again with the new password.
      await signOut(page);
      await expectSignInForm(page);
      await signIn(page, stack);
      await expectDashboard(page);
      await expectVisible(page.getByRole('heading', { name: 'Dashboard', exact: true }));

      await signOut(page);
      await expectSignInForm(page);
      assert.equal(
        await page.evaluate(() => window.localStorage.getItem('trading-dashboard.session-token')),
        null,
        'signing out forgets the session token',
      );

      await page.goto(`${stack.hostUrl}/portfolio`);
      await expectPath(page, '/login');
      await expectSignInForm(page);
    },
  );
});
