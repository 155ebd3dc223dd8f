import assert from 'node:assert/strict';
import type { AllocationSettings } from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectText,
  expectVisible,
  openSignedIn,
  remoteVersion,
  screenshots,
  sessionToken,
} from './support';

const settingsOf = async (stack: E2EStack, token: string) => {
  const reply = await callApi<{ success: boolean; data: AllocationSettings }>(
    stack,
    token,
    'GET',
    '/api/allocation/settings',
  );
  assert.equal(reply.status, 200, `/api/allocation/settings should answer 200, it answered ${reply.status}`);
  return reply.body.data;
};

/** The shared pictures, once the previous phone-size picture's sidebar transition has settled. */
async function shots(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshots(page, name);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

// The trading loop stays off: nothing but the trader changes the allocation while the test runs.
e2eSuite('allocation', { signedIn: true, env: { TRADING_LOOP: 'off' } }, (suite) => {
  suite.test(
    'an allocation change is saved, and reads back after a reload',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/allocation');
      const token = await sessionToken(page);
      await expectText(page.getByRole('heading', { level: 1 }), 'Daily Investment Allocation');
      await expectVisible(page.getByText('Connected', { exact: true }));
      const before = await settingsOf(stack, token);
      assert.equal(before.allocation_strategy, 'moderate', 'a fresh install starts on the moderate strategy');
      await shots(page, 'allocation-strategy');

      const strategies = page.getByRole('radiogroup', { name: 'Allocation strategy' });
      await strategies.getByText('Aggressive', { exact: true }).click();
      await page.getByLabel(/Manual allocation/).fill('3.2');
      await tab(page, 'Advanced Settings').click();
      await page
        .getByRole('radiogroup', { name: 'Daily risk budget' })
        .getByText('2.0%', { exact: true })
        .click();
      await shots(page, 'allocation-advanced');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expectVisible(page.getByText('Settings saved successfully!'));

      const saved = await settingsOf(stack, token);
      assert.equal(saved.allocation_strategy, 'aggressive');
      assert.equal(saved.manual_allocation_pct, 3.2);
      assert.equal(saved.daily_risk_budget, 2);

      // The message goes after 3 s (spec part 1 §4).
      await page.getByText('Settings saved successfully!').waitFor({ state: 'hidden', timeout: 6000 });

      await page.reload();
      await expectVisible(page.getByText('Connected', { exact: true }), 20_000);
      const reloaded = page.getByRole('radiogroup', { name: 'Allocation strategy' });
      assert.ok(await reloaded.getByRole('radio', { name: /Aggressive/ }).isChecked());
      assert.equal(await page.getByLabel(/Manual allocation/).inputValue(), '3.2');
      await tab(page, 'Advanced Settings').click();
      assert.ok(
        await page
          .getByRole('radiogroup', { name: 'Daily risk budget' })
          .getByRole('radio', { name: /2\.0%/ })
          .isChecked(),
      );

      // The daily amount goes to the server as soon as the input loses focus.
      await tab(page, 'Allocation Strategy').click();
      await page.getByLabel(/Daily amount/).fill('30000');
      await page.getByLabel(/Manual allocation/).focus();
      await eventually(
        () => settingsOf(stack, token),
        (settings) => settings.daily_amount === 30_000,
        (last) => `the daily amount should be 30000 after blur, it is ${last?.daily_amount}`,
      );

      await tab(page, 'AI Recommendation').click();
      await expectVisible(page.getByRole('region', { name: 'AI Recommendation' }));
      await shots(page, 'allocation-ai');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'Settings shows the Data Sources tab served by mf-infra, and every other tab',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/settings');
      await expectText(page.getByRole('heading', { level: 1 }), 'Settings');
      await expectVisible(page.getByRole('radiogroup', { name: 'Allocation strategy' }));
      await shots(page, 'settings-allocation');

      await tab(page, 'Data Sources').click();
      const dataSources = page.getByRole('region', { name: 'Data Sources' });
      await expectVisible(dataSources, 20_000);
      await expectText(dataSources.getByTestId('remote-version'), 'Served by mf-infra 1.0.0');
      await shots(page, 'settings-data-sources');

      await tab(page, 'Connectivity').click();
      await expectText(remoteVersion(page), 'Served by mf-infra 1.0.0', 20_000);
      await shots(page, 'settings-connectivity');

      await tab(page, 'Risk Management').click();
      await page.waitForTimeout(1500);
      await shots(page, 'settings-risk');

      await tab(page, 'Notifications').click();
      await expectVisible(page.getByRole('switch', { name: 'A circuit breaker trips and halts trading' }));
      await shots(page, 'settings-notifications');

      await tab(page, 'Profile').click();
      await expectVisible(page.getByRole('region', { name: 'Profile' }).getByText(stack.traderEmail));
      await shots(page, 'settings-profile');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'with mf-infra stopped, only its tabs say so; the rest of Settings works',
    async ({ page, stack }) => {
      await stack.stopRemote('infra');
      try {
        await openSignedIn(page, stack, '/settings');
        await tab(page, 'Data Sources').click();
        await expectVisible(
          page.getByRole('alert').filter({ hasText: 'Data Sources is unavailable' }),
          20_000,
        );
        await tab(page, 'Notifications').click();
        await expectVisible(page.getByRole('switch', { name: 'A circuit breaker trips and halts trading' }));
      } finally {
        await stack.startRemote('infra');
      }
      await tab(page, 'Data Sources').click();
      // The slot also retries by itself with backoff: Retry is clicked only if it is still offered.
      const retry = page.getByRole('button', { name: 'Retry' });
      const served = page.getByTestId('remote-version');
      await retry.or(served).first().waitFor({ timeout: 20_000 });
      if (await retry.isVisible()) await retry.click();
      await expectText(served, 'Served by mf-infra 1.0.0', 20_000);
    },
  );

  suite.test('a password change with a wrong current password is refused', async ({ page, stack }) => {
    await openSignedIn(page, stack, '/settings');
    await tab(page, 'Profile').click();
    await page.getByLabel('Current password').fill('Not-The-Right-One-9');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Secret-77!');
    await page.getByLabel('Confirm new password').fill('Brand-New-Secret-77!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }));
    // Still signed in: the refusal is not a lost session.
    await page.reload();
    await expectVisible(page.getByRole('region', { name: 'Profile' }), 20_000);
  });
});
