import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  buyAtMarket,
  callApi,
  e2eSuite,
  eventually,
  expectPath,
  expectText,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
  shellNav,
} from './support';

const HOLDINGS = [
  { symbol: 'RELIANCE', quantity: 19 },
  { symbol: 'INFY', quantity: 20 },
  { symbol: 'HDFCBANK', quantity: 15 },
];

// A fresh stack, the trader signed in once; the paper account gets three holdings through the
// order API (as the trading loop would place them), then each screen is checked as a trader sees it.
// The loop itself is off here, so the ledger holds exactly what the tests placed.
e2eSuite('trading', { signedIn: true, env: { TRADING_LOOP: 'off' } }, (suite) => {
  suite.test(
    "the portfolio lists the engine's holdings and a price visibly moves",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/portfolio');
      const token = await sessionToken(page);
      for (const holding of HOLDINGS) await buyAtMarket(stack, token, holding.symbol, holding.quantity);

      await page.reload();
      await expectText(page.getByRole('heading', { level: 1 }), 'Portfolio');
      const table = page.getByRole('table', { name: 'Current Holdings' });
      for (const { symbol } of HOLDINGS)
        await expectVisible(table.getByRole('row', { name: new RegExp(symbol) }));
      // Whole rupees hide paise, so the price and the P&L of 19 shares are watched together.
      const reading = async () =>
        `${await page.getByTestId('price-RELIANCE').textContent()} ${await page.getByTestId('pnl-RELIANCE').textContent()}`;
      const first = await reading();
      await eventually(
        reading,
        (now) => now !== first,
        (now) => `RELIANCE's price or P&L should move within 20 s; it stayed ${now}`,
        20_000,
      );
      // The first holding is charted; Chart switches to another.
      await expectVisible(page.getByRole('img', { name: 'HDFCBANK 1-minute price chart' }));
      await page.getByRole('button', { name: 'Show RELIANCE chart' }).click();
      await expectVisible(page.getByRole('img', { name: 'RELIANCE 1-minute price chart' }));
      await screenshots(page, 'portfolio');
    },
    { timeout: 120_000 },
  );

  suite.test(
    "the dashboard shows the engine's portfolio and the indices move live",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/dashboard');
      const token = await sessionToken(page);
      const overview = await callApi<{ data: { total_value: number; active_positions: number } }>(
        stack,
        token,
        'GET',
        '/api/portfolio/overview',
      );
      const tile = (name: string) => page.getByRole('group', { name });
      await expectText(tile('Active Positions'), `Active Positions${overview.body.data.active_positions}`);
      // Prices move between the API call and the screen, so the value agrees to within 1 %.
      const shown = await eventually(
        async () => rupeesIn((await tile('Portfolio Value').textContent()) ?? ''),
        (value) => value !== null,
        (value) => `Portfolio Value should show rupees, it shows ${value}`,
      );
      const expected = overview.body.data.total_value;
      assert.ok(
        Math.abs(shown! - expected) <= expected * 0.01,
        `Portfolio Value shows ₹${shown}, the engine says ₹${expected}`,
      );
      assert.notEqual(
        shown,
        1_000_000,
        'the portfolio should include the holdings bought, not the starting cash',
      );

      for (const index of ['NIFTY 50', 'SENSEX', 'Bank NIFTY']) {
        await expectVisible(page.getByLabel(index, { exact: true }));
      }
      const nifty = page.getByLabel('NIFTY 50', { exact: true });
      const first = await nifty.textContent();
      await eventually(
        () => nifty.textContent(),
        (now) => now !== first,
        (now) => `NIFTY 50 should move within 10 s over the stream; it stayed ${now}`,
        10_000,
      );
      await expectText(page.getByText('Connected', { exact: true }), 'Connected');
      await screenshots(page, 'dashboard');
    },
  );

  suite.test(
    'a search narrows the trades and the CSV export holds the same rows',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/trades');
      await expectText(page.getByRole('heading', { level: 1 }), 'Trading History');
      const table = page.getByRole('table', { name: 'Trades' });
      const tradeIds = async () =>
        (
          await table
            .locator('[aria-label^="Trade "]')
            .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title')))
        ).sort();
      await eventually(
        tradeIds,
        (ids) => ids.length >= HOLDINGS.length,
        (ids) => `the three orders should be listed, found ${ids?.length}`,
      );
      const before = await tradeIds();

      await page.getByLabel('Search').fill('inf');
      const narrowed = await eventually(
        tradeIds,
        (ids) => ids.length > 0 && ids.length < before.length,
        (ids) => `searching "inf" should narrow ${before.length} trades, shows ${ids?.length}`,
      );
      const symbols = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
      for (const row of symbols)
        assert.match(row, /INFY/, `every row should be INFY after the search: ${row}`);
      await expectVisible(page.getByText(`Showing ${narrowed.length} of ${narrowed.length} trades`));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^trades-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      const header = csv[0]!.split(',');
      const idColumn = header.findIndex((name) => /^"?(trade[ _]?)?id"?$/i.test(name));
      assert.ok(idColumn >= 0, `the CSV should have an id column: ${csv[0]}`);
      const csvIds = csv
        .slice(1)
        .map((line) => line.split(',')[idColumn]!.replaceAll('"', ''))
        .sort();
      assert.deepEqual(csvIds, narrowed, 'the CSV should hold exactly the trades the table shows');
      await screenshots(page, 'trades');
    },
  );

  suite.test(
    'the trades screen shows an intraday round trip charged line by line',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/trades');
      const token = await sessionToken(page);
      const ids: string[] = [];
      for (const side of ['BUY', 'SELL'] as const) {
        const placed = await callApi<{ data: { id: string; status: string } }>(
          stack,
          token,
          'POST',
          '/api/orders',
          {
            symbol: 'TCS',
            side,
            type: 'MARKET',
            quantity: 10,
            strategy: 'e2e',
            product: 'I',
          },
        );
        assert.equal(placed.body.data.status, 'FILLED', `the intraday ${side} should fill`);
        ids.push(placed.body.data.id);
      }
      const history = await callApi<{ data: { trades: TradeWithCharges[] } }>(
        stack,
        token,
        'GET',
        '/api/trades/recent?search=TCS',
      );
      await page.getByLabel('Search').fill('TCS');
      const table = page.getByRole('table', { name: 'Trades' });
      for (const [index, id] of ids.entries()) {
        const trade = history.body.data.trades.find((t) => t.id === id)!;
        assert.equal(trade.product, 'I');
        const note = table.getByLabel(`Charges on trade ${id}`);
        await expectVisible(note);
        const lines = await note
          .locator('dt')
          .evaluateAll((terms) =>
            terms.map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`),
          );
        const paise = (rupees: number) =>
          `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
        const c = trade.charges;
        assert.deepEqual(lines, [
          `Brokerage ${paise(c.brokerage)}`,
          `STT ${paise(c.stt)}`,
          `Exchange ${paise(c.exchange)}`,
          `SEBI ${paise(c.sebi)}`,
          `Stamp ${paise(c.stamp)}`,
          `GST ${paise(c.gst)}`,
        ]);
        // Intraday: no STT on the buy and no stamp duty on the sell.
        if (index === 0) assert.equal(c.stt, 0, 'an intraday buy pays no STT');
        else assert.equal(c.stamp, 0, 'a sell pays no stamp duty');
        await expectVisible(
          table.getByRole('row', { name: new RegExp(id.slice(-8)) }).getByText(/market · intraday/),
        );
      }
      await screenshots(page, 'trades-intraday-charges');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'paper balance and limits persist across a reload; a reset empties positions',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/paper-trading');
      await expectText(page.getByRole('heading', { level: 1 }), 'Paper Trading');

      await page.getByRole('button', { name: 'Edit cash balance' }).click();
      await page.getByLabel('New cash balance (₹)').fill('750000');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectVisible(page.getByText('Balance updated successfully to ₹7,50,000').first());

      await page.getByRole('button', { name: 'Configuration' }).click();
      await page.getByLabel('Max Open Positions').fill('7');
      await page.getByRole('button', { name: 'Update Limits' }).click();
      await expectVisible(page.getByText('Trading limits updated successfully!').first());

      await page.reload();
      await expectText(page.getByRole('group', { name: 'Cash Balance' }).getByText('₹7,50,000'), '₹7,50,000');
      await page.getByRole('button', { name: 'Configuration' }).click();
      assert.equal(await page.getByLabel('Max Open Positions').inputValue(), '7');
      await screenshots(page, 'paper-trading');

      await page.getByRole('button', { name: 'Reset Account' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText(/₹10,00,000/));
      await dialog.getByRole('button', { name: 'Reset Account' }).click();
      await expectVisible(page.getByText('Paper trading account reset successfully!').first());

      await shellNav(page).getByRole('link', { name: 'Portfolio' }).click();
      await expectPath(page, '/portfolio');
      await expectVisible(page.getByText('No holdings found'));
      await expectText(page.getByRole('group', { name: 'Active Positions' }), 'Active Positions0');
    },
  );
});

interface TradeWithCharges {
  id: string;
  product: 'I' | 'D';
  charges: { brokerage: number; stt: number; exchange: number; sebi: number; stamp: number; gst: number };
}

/** "₹10,12,345" → 1012345; null when the text holds no rupee figure. */
function rupeesIn(text: string): number | null {
  const match = /(-?)₹([\d,]+)/.exec(text);
  return match ? Number(`${match[1]}${match[2]!.replaceAll(',', '')}`) : null;
}
