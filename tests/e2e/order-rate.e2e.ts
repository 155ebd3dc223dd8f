import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite, expectVisible, openSignedIn, screenshots } from './support';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

e2eSuite('order-rate', { signedIn: true }, (suite) => {
  suite.test('Tick Streaming shows the order rate against each limit', async ({ page, stack }) => {
    await openSignedIn(page, stack, '/tick-streaming');
    const facts = page.getByLabel('Orders sent to Upstox against each limit');
    await expectVisible(facts.getByText('Last 30 minutes'));
    assert.deepEqual(await facts.locator('dd').allTextContents(), [
      '0 of 10 0.0% in use',
      '0 of 500 0.0% in use',
      '0 of 2,000 0.0% in use',
    ]);
    await facts.scrollIntoViewIfNeeded();
    await screenshots(page, 'order-rate-tick-streaming');
  });

  suite.test('Settings → Connectivity saves the algo ID live orders carry', async ({ page, stack }) => {
    await openSignedIn(page, stack, '/settings');
    await tab(page, 'Connectivity').click();
    const field = page.getByLabel('Algo ID', { exact: true });
    await expectVisible(field);
    assert.equal(await field.inputValue(), 'GENERIC');
    await field.fill('24719');
    await page.getByRole('button', { name: 'Save algo ID' }).click();
    await expectVisible(page.getByText('Exchange-assigned'));
    await screenshots(page, 'order-rate-algo-id');
  });
});
