import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  buyAtMarket,
  callApi,
  e2eSuite,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

const REASON = 'Audit check: feed looks wrong';

// A trader's manual order, then an order the Emergency Stop refuses; the trades screen says who
// placed each, and its Export audit trail saves both decisions as CSV. The loop is off, so the
// trail holds exactly what the test did.
e2eSuite('audit', { signedIn: true, env: { TRADING_LOOP: 'off' } }, (suite) => {
  suite.test(
    'a manual order and a halted one are in the trades screen’s origin column and the audit CSV',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/trades');
      const token = await sessionToken(page);
      await buyAtMarket(stack, token, 'INFY', 3);
      const stop = await callApi(stack, token, 'POST', '/api/risk/emergency-stop', {
        reason: REASON,
        close_positions: false,
      });
      assert.equal(stop.status, 200);
      const refused = await callApi<{ data: { id: string } }>(stack, token, 'POST', '/api/orders', {
        symbol: 'TCS',
        side: 'BUY',
        type: 'MARKET',
        quantity: 1,
        strategy: 'e2e',
      });
      assert.equal(refused.status, 422);

      await page.reload();
      const table = page.getByRole('table', { name: 'Trades' });
      for (const symbol of ['INFY', 'TCS']) {
        await expectVisible(table.getByRole('row', { name: new RegExp(`${symbol}.*Manual`) }));
      }
      await page.getByRole('heading', { name: 'Audit trail' }).scrollIntoViewIfNeeded();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export audit trail' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^order-audit-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = fs
        .readFileSync((await download.path())!, 'utf8')
        .split('\r\n')
        .filter((line) => line !== '');
      assert.equal(
        header,
        'Time (IST),Order ID,Account,Origin,Actor,Decision,Symbol,Side,Quantity,Price,Outcome,Signal,Reasons,Detail',
      );
      assert.equal(rows.length, 2, `two decisions in the trail, got:\n${rows.join('\n')}`);
      assert.match(rows[0]!, /,paper,manual,[^,]+@[^,]+,placed,INFY,BUY,3,[\d.]+,FILLED,/);
      assert.match(
        rows[1]!,
        new RegExp(`,${refused.body.data.id},paper,manual,[^,]+,refused by the Emergency Stop,TCS,BUY,1,`),
      );
      assert.match(rows[1]!, /REJECTED,,,"?Trading is halted \(Emergency Stop by/);
      // The shell's bars are fixed: a full-page picture taken scrolled down would draw them mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, 'trades-audit');
    },
    { timeout: 180_000 },
  );
});
