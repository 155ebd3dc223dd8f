import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before } from 'node:test';
import type { HaltState } from '@td/contracts';
import type { Page } from 'playwright-core';
import { pendingOrder } from '../../packages/server/src/core/orders';
import { Ledger } from '../../packages/server/src/engines/broker/ledger';
import { FakeUpstoxOrders } from '../../packages/server/src/engines/broker/live/test-support/fake-upstox-orders';
import { sqlLedgerStorage } from '../../packages/server/src/storage/sql/ledger-storage';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import {
  callApi,
  type E2EStack,
  e2eSuite,
  enrolSecondFactor,
  eventually,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

// A stand-in for api.upstox.com on 127.0.0.1; the API server is pointed at it before it starts.
const upstox = new FakeUpstoxOrders();
const ENV: Record<string, string> = {
  TRADING_LOOP: 'off',
  UPSTOX_CLIENT_ID: 'e2e-client',
  UPSTOX_CLIENT_SECRET: 'e2e-secret',
};
before(async () => {
  ENV.UPSTOX_API_BASE_URL = await upstox.listen();
  upstox.api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
    status: 200,
    body: { access_token: 'e2e-upstox-token', user_id: 'AB1234', user_name: 'E2E Trader' },
  }));
});
after(() => upstox.close());

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'TRADING HALTED' });

/** Connects the Upstox account the way the callback does after the trader approves, then live mode. */
async function goLive(stack: E2EStack, token: string): Promise<void> {
  // Live mode needs two-step sign-in on; this file's stack is its own, so it stays on.
  await enrolSecondFactor(stack, token);
  const connect = await callApi<{ data: { auth_url: string } }>(stack, token, 'POST', '/api/upstox/connect');
  const state = new URL(connect.body.data.auth_url).searchParams.get('state');
  const callback = await fetch(`${stack.apiUrl}/api/upstox/callback?code=e2e&state=${state}`);
  assert.equal(callback.status, 200, 'the Upstox sign-in callback should succeed against the fake');
  const mode = await callApi(stack, token, 'POST', '/api/trading/mode', { mode: 'live' });
  assert.equal(mode.status, 200);
}

/**
 * Live orders the server placed before a restart, still open: five Upstox confirmed (one of them has
 * since filled) and two whose placement Upstox took but never answered (found by their tag).
 */
function seedLiveOrders(stack: E2EStack): string[] {
  const db = openDatabase(path.join(stack.dataDir, 'trading.db'));
  try {
    const ledger = new Ledger(sqlLedgerStorage(db), Date.now);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const order = pendingOrder(
        {
          account: 'live',
          symbol: 'RELIANCE',
          side: 'BUY',
          type: 'MARKET',
          quantity: 5,
          strategy: 'momentum',
        },
        `LVe2e${i}`,
        Date.now(),
      );
      const brokerOrderId = upstox.add(order.id, i === 4 ? { status: 'complete', filled_quantity: 5 } : {});
      ledger.recordLiveOrder({ ...order, brokerOrderId: i < 5 ? brokerOrderId : null });
      ids.push(order.id);
    }
    return ids;
  } finally {
    db.close();
  }
}

e2eSuite('live-halt', { signedIn: true, env: ENV }, (suite) => {
  suite.test(
    'Emergency Stop in live mode places nothing after its acknowledgement and the banner reports the cancellations',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/');
      const token = await sessionToken(page);
      await goLive(stack, token);
      seedLiveOrders(stack);
      // The restarted server follows the orders still pending in its ledger.
      await stack.restartApi();
      await page.reload();

      await page.getByRole('button', { name: 'Emergency Stop' }).click();
      const dialog = page.getByRole('dialog', { name: 'Emergency Stop' });
      await dialog.getByLabel('Reason (recorded with the halt)').fill('E2E: live orders look wrong');
      await dialog.getByRole('button', { name: 'Stop all trading' }).click();
      await expectVisible(banner(page));
      const placeCallsAtAck = upstox.placed().length;
      // The acknowledgement: every order had reached Upstox before the restart, so all are being chased.
      await expectVisible(
        page.getByText('Trading halted: 0 pending orders cancelled, 7 still being cancelled at Upstox.'),
        30_000,
      );
      await dialog.waitFor({ state: 'detached' });

      await expectVisible(banner(page).getByText(/6 pending orders cancelled, 1 already filled\./), 30_000);
      const halt = await eventually(
        async () => (await callApi<{ data: HaltState }>(stack, token, 'GET', '/api/risk/halt')).body.data,
        (state) => state.chasing_orders === 0,
        (last) => `the halt should finish chasing its orders, last read ${JSON.stringify(last)}`,
      );
      assert.deepEqual(
        { cancelled: halt.cancelled_orders, filled: halt.filled_orders, chasing: halt.chasing_orders },
        { cancelled: 6, filled: 1, chasing: 0 },
      );
      assert.equal(upstox.placed().length, placeCallsAtAck, 'no order may be placed after the stop');
      assert.equal(upstox.withStatus('open').length, 0, 'every open order should be cancelled at Upstox');
      assert.equal(upstox.withStatus('cancelled').length, 6);
      // The toast sits over the banner's corner: dismissed, so the pictures show the banner whole.
      // On a loaded machine the toast may have timed out already while the halt was chased.
      const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
      if ((await dismiss.count()) > 0) await dismiss.click();
      await screenshots(page, 'live-halt-banner');
    },
    { timeout: 240_000 },
  );
});
