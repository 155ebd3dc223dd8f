import assert from 'node:assert/strict';
import type { ScalingStatus } from '@td/contracts';
import type { Page } from 'playwright-core';
import { callApi, e2eSuite, expectVisible, openSignedIn, screenshots, sessionToken } from './support';

// The loop stays off so the account's capital is exactly what the test sets.
const ENV = { TRADING_LOOP: 'off' };

const rupees = (text: string | null) =>
  Number(/₹([\d,]+)$/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN);

async function shownMatchesApi(page: Page, status: ScalingStatus) {
  const active = status.phases.find((phase) => phase.state === 'active')!;
  await expectVisible(
    page.getByRole('heading', { name: `Current Phase: Phase ${status.currentPhase} · ${active.name}` }),
  );
  assert.equal(rupees(await page.getByRole('group', { name: 'Capital' }).textContent()), status.capital);
  const success = await page.getByRole('group', { name: 'Success Rate' }).textContent();
  // A rate from no closed trade is a dash; under 20 it carries its count (packages/ui formatRate).
  const rate = `${status.successRate.toFixed(1)}%`;
  const trades = status.closedTrades;
  const shown =
    trades === 0 ? '—' : trades < 20 ? `${rate} (${trades} ${trades === 1 ? 'trade' : 'trades'})` : rate;
  assert.equal(success, `Success Rate${shown}`);
  assert.equal(await page.getByRole('article').count(), 5);
  for (const phase of status.phases) {
    const card = page.getByRole('article', { name: new RegExp(`^Phase ${phase.phase} ${phase.name}`) });
    const want = { active: 'Active', completed: '✓Completed', locked: 'Locked' }[phase.state];
    assert.match((await card.textContent()) ?? '', new RegExp(want));
  }
  const breakers = page.getByRole('list', { name: 'Circuit breakers' }).getByRole('listitem');
  assert.equal(await breakers.count(), status.safety.breakers.length);
}

e2eSuite('production-scaling', { signedIn: true, env: ENV }, (suite) => {
  suite.test(
    'the page agrees with /api/scaling-status, and a fall in capital demotes the phase',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/production-scaling');
      const token = await sessionToken(page);
      const first = await callApi<{ success: boolean; data: ScalingStatus }>(
        stack,
        token,
        'GET',
        '/api/scaling-status',
      );
      assert.equal(first.status, 200);
      assert.equal(first.body.data.currentPhase, 3, 'the fresh paper account (₹10,00,000) is Expansion');
      await shownMatchesApi(page, first.body.data);
      await screenshots(page, 'infra-production-scaling');

      const edit = await callApi(stack, token, 'POST', '/api/trading/paper/balance', { balance: 40_000 });
      assert.equal(edit.status, 200);
      await page.reload();
      await expectVisible(page.getByText('Demotion'));
      const after = await callApi<{ success: boolean; data: ScalingStatus }>(
        stack,
        token,
        'GET',
        '/api/scaling-status',
      );
      assert.equal(after.body.data.currentPhase, 1);
      assert.equal(after.body.data.history[0]?.kind, 'demotion');
      await shownMatchesApi(page, after.body.data);
      await screenshots(page, 'infra-production-scaling-demoted');
    },
  );
});
