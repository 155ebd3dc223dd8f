import assert from 'node:assert/strict';
import type { HaltState, RiskAlert, RiskMetrics } from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  buyAtMarket,
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

// The trading loop stays off so the positions the test buys are the only ones the figures rest on.
const ENV = { TRADING_LOOP: 'off' };
const POSITIONS = [
  // Each under the default 5 % maximum position size of ₹10,00,000.
  { symbol: 'RELIANCE', quantity: 25 },
  { symbol: 'TCS', quantity: 8 },
  { symbol: 'HDFCBANK', quantity: 20 },
];
const REASON = 'E2E: feed looks wrong';

const tile = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'TRADING HALTED' });

/**
 * The first rupees a text shows, signed ("VaR 95%-₹12,345historical 1-day…" → -12345); null when none.
 * Indian grouping (1,38,900) ends in three digits, so a figure followed by more text still reads right.
 */
const rupeesIn = (text: string | null) => {
  const match = /(-?)₹((?:\d{1,2},)?(?:\d{2},)*\d{3}|\d{1,3})/.exec(text ?? '');
  return match ? (match[1] ? -1 : 1) * Number(match[2]!.replace(/,/g, '')) : null;
};

async function api<T>(stack: E2EStack, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const reply = await callApi<{ success: boolean; data: T; error?: string }>(stack, token, method, url, body);
  return reply;
}

const haltOf = async (stack: E2EStack, token: string) =>
  (await api<HaltState>(stack, token, 'GET', '/api/risk/halt')).body.data;

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
}

e2eSuite('risk', { signedIn: true, env: ENV }, (suite) => {
  suite.test(
    "on a fresh start the risk screen's VaR and beta agree with the API, on every tab",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/risk');
      const token = await sessionToken(page);
      for (const { symbol, quantity } of POSITIONS) await buyAtMarket(stack, token, symbol, quantity);
      await page.reload();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Risk Management' }));

      // Prices move between the screen's call and the test's: VaR agrees to 2 % (+₹2), beta to 0.02.
      await eventually(
        async () => {
          const reply = await api<RiskMetrics>(stack, token, 'GET', '/api/risk/metrics');
          assert.equal(reply.status, 200, `/api/risk/metrics answered ${reply.status}: ${reply.body.error}`);
          return {
            m: reply.body.data,
            var: rupeesIn(await tile(page, 'VaR 95%').textContent()),
            beta: Number((await tile(page, 'Beta').textContent())?.match(/^Beta(-?\d+\.\d\d)/)?.[1]),
          };
        },
        ({ m, var: shownVar, beta }) =>
          m.var_95.historical_rupees !== null &&
          m.beta !== null &&
          shownVar !== null &&
          Math.abs(-shownVar - m.var_95.historical_rupees) <= m.var_95.historical_rupees * 0.02 + 2 &&
          Math.abs(beta - m.beta) <= 0.02,
        (last) =>
          last
            ? `the screen shows VaR ${last.var} and beta ${last.beta}; the API says ${last.m.var_95.historical_rupees} and ${last.m.beta}`
            : 'the risk screen or /api/risk/metrics could not be read',
        30_000,
      );
      await expectVisible(page.getByTestId('risk-source').getByText('Paper account', { exact: false }));
      await screenshots(page, 'risk-overview');
      await openTab(page, /^Positions/);
      await expectVisible(
        page.getByRole('table', { name: 'Position risk' }).getByRole('row', { name: /RELIANCE/ }),
      );
      await screenshots(page, 'risk-positions');
      await openTab(page, /^Limits/);
      await expectVisible(page.getByRole('form', { name: 'Risk limits' }));
      await screenshots(page, 'risk-limits');
      await openTab(page, /^Alerts/);
      await expectVisible(page.getByRole('heading', { name: /^Risk alerts/ }));
      await screenshots(page, 'risk-alerts');
    },
    { timeout: 180_000 },
  );

  suite.test(
    'Emergency Stop from the risk screen halts every screen, refuses orders, survives a restart, and Resume clears it',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/risk');
      const token = await sessionToken(page);
      await page.getByRole('button', { name: 'Emergency Stop All' }).click();
      const dialog = page.getByRole('dialog', { name: 'Emergency Stop' });
      await expectVisible(
        dialog.getByText(
          /^Halts the automated trading loop, cancels \d+ pending orders?, refuses every new order until you resume\.$/,
        ),
      );
      await dialog.getByLabel('Reason (recorded with the halt)').fill(REASON);
      await dialog.getByRole('button', { name: 'Stop all trading' }).click();
      await expectVisible(banner(page));

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
      await expectVisible(banner(page).getByText(REASON, { exact: false }));
      await screenshots(page, 'halted-banner-portfolio');

      const refused = await callApi<{ success: boolean; error?: string }>(
        stack,
        token,
        'POST',
        '/api/orders',
        {
          symbol: 'INFY',
          side: 'BUY',
          type: 'MARKET',
          quantity: 1,
          strategy: 'e2e',
        },
      );
      assert.ok(
        refused.status >= 400 && refused.status < 500,
        `a halted server should refuse an order, it answered ${refused.status}`,
      );
      assert.match(
        refused.body.error ?? '',
        /^Trading is halted .* Resume it with Resume trading on the TRADING HALTED banner/,
      );

      await stack.restartApi();
      const afterRestart = await haltOf(stack, token);
      assert.equal(afterRestart.halted, true, 'the halt should survive a restart');
      assert.equal(afterRestart.reason, REASON);
      await page.reload();
      await expectVisible(banner(page).getByText(REASON, { exact: false }), 30_000);

      await banner(page).getByRole('button', { name: 'Resume trading' }).click();
      await page
        .getByRole('dialog', { name: 'Resume trading?' })
        .getByRole('button', { name: 'Resume trading' })
        .click();
      await banner(page).waitFor({ state: 'detached' });
      assert.equal((await haltOf(stack, token)).halted, false);
      const accepted = await callApi(stack, token, 'POST', '/api/orders', {
        symbol: 'INFY',
        side: 'BUY',
        type: 'MARKET',
        quantity: 1,
        strategy: 'e2e',
      });
      assert.equal(
        accepted.status,
        201,
        `after Resume an order should be accepted, it answered ${accepted.status}`,
      );
    },
    { timeout: 240_000 },
  );

  suite.test(
    'a crash scenario trips the circuit breaker through the real path and an alert appears',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/risk');
      const token = await sessionToken(page);
      // About 4 % down over one minute: past the 3 %-within-an-hour breaker well inside the wait below.
      const started = await api(stack, token, 'POST', '/api/simulator/scenario', {
        scenario: 'crash',
        minutes: 1,
      });
      assert.equal(started.status, 200, `the crash scenario should start: ${started.body.error}`);
      const halt = await eventually(
        () => haltOf(stack, token),
        (state) => state.halted && state.source === 'circuit_breaker',
        (state) => `the crash should trip a circuit breaker; the halt is ${JSON.stringify(state)}`,
        150_000,
      );
      assert.equal(halt.breaker, 'market_drop');
      await expectVisible(banner(page).getByText('circuit breaker', { exact: false }), 40_000);

      const alerts = (await api<RiskAlert[]>(stack, token, 'GET', '/api/risk/alerts')).body.data;
      const trip = alerts.find((alert) => alert.kind === 'circuit_breaker');
      assert.ok(trip, `a circuit breaker alert should be listed: ${JSON.stringify(alerts)}`);
      const openHaltAlerts = alerts.filter((alert) => alert.kind === 'halt' && alert.resolved_at === null);
      assert.deepEqual(
        openHaltAlerts,
        [],
        'one trip raises one alert, the breaker’s, not a second halt alert',
      );
      await page.reload();
      await openTab(page, /^Alerts/);
      await expectVisible(page.getByRole('listitem', { name: `${trip.severity} alert: ${trip.message}` }));
      await screenshots(page, 'risk-alerts-breaker');
    },
    { timeout: 240_000 },
  );
});
