import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrokerIntegration, DataSource, HistoryCoverageEntry } from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

// The stack may reach 127.0.0.1 for this file's own test server only because of this setting; every
// other private range (10.0.0.0/8, 169.254.169.254 metadata…) stays refused, which the test shows.
// UPSTOX_STATIC_IP: with no Upstox session the Connectivity tab shows the configured address.
const ENV = { DATA_SOURCES_ALLOW_LOOPBACK: '1', TRADING_LOOP: 'off', UPSTOX_STATIC_IP: '203.0.113.10' };

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function shots(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshots(page, `infra-data-sources-${name}`);
}

async function sources(stack: E2EStack, token: string) {
  const reply = await callApi<{ success: boolean; data: DataSource[] }>(
    stack,
    token,
    'GET',
    '/api/data-sources',
  );
  assert.equal(reply.status, 200);
  return reply.body.data;
}

async function coverage(stack: E2EStack, token: string) {
  const reply = await callApi<{ success: boolean; data: HistoryCoverageEntry[] }>(
    stack,
    token,
    'GET',
    '/api/history/coverage',
  );
  assert.equal(reply.status, 200);
  return reply.body.data;
}

/** Five daily RELIANCE bars of a past NSE week (2–6 Nov 2026); `highOnLine3` is the second bar's high. */
const dailyCsv = (highOnLine3: string) =>
  [
    'symbol,timestamp,open,high,low,close,volume',
    'RELIANCE,2026-11-02,1480.00,1495.50,1472.25,1490.10,1200000',
    `RELIANCE,2026-11-03,1490.10,${highOnLine3},1481.00,1486.40,980000`,
    'RELIANCE,2026-11-04,1486.40,1501.00,1484.00,1499.95,1105000',
    'RELIANCE,2026-11-05,1499.95,1510.20,1493.30,1505.00,1320000',
    'RELIANCE,2026-11-06,1505.00,1512.75,1498.60,1508.45,1010500',
    '',
  ].join('\n');

/** A local market-data API: answers /quotes with JSON and counts the calls it gets. */
async function startQuoteServer() {
  let calls = 0;
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/quotes')) {
      calls++;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ NIFTY: 24_310.5, at: new Date().toISOString() }));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes`;
  return { url, calls: () => calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

e2eSuite('data-sources', { signedIn: true, env: ENV }, (suite) => {
  suite.test(
    'a custom source on a local server validates, is added and refreshes; a private address is refused',
    async ({ page, stack }) => {
      const quotes = await startQuoteServer();
      try {
        await openSignedIn(page, stack, '/settings');
        await tab(page, 'Data Sources').click();
        const region = page.getByRole('region', { name: 'Data Sources' });
        await expectVisible(region.getByRole('heading', { name: 'Market Simulator' }), 20_000);
        await shots(page, 'tab');

        // Test & Validate, then Add & Integrate, against the local server.
        await region.getByRole('button', { name: 'Add Data Source' }).click();
        let dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name', { exact: true }).fill('E2E quotes');
        await dialog.getByLabel('Endpoint URL').fill(quotes.url);
        await dialog.getByRole('button', { name: 'Test & Validate' }).click();
        await expectVisible(dialog.getByText(/Validation successful! API is reachable and responding/));
        await shots(page, 'add-modal');
        await dialog.getByRole('button', { name: 'Add & Integrate' }).click();
        const card = region
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'E2E quotes' }) });
        await expectVisible(card.getByText('Connected'));
        assert.equal(quotes.calls(), 2, 'the endpoint was fetched once to validate and once to add');

        // Refresh fetches the endpoint again and records the time.
        const token = await sessionToken(page);
        const before = (await sources(stack, token)).find((s) => s.name === 'E2E quotes')!;
        assert.equal(before.status, 'connected');
        await card.getByRole('button', { name: 'Refresh' }).click();
        await eventually(
          async () => quotes.calls(),
          (calls) => calls === 3,
          (calls) => `the local server saw ${calls} calls after Refresh, expected 3`,
        );
        const after = (await sources(stack, token)).find((s) => s.name === 'E2E quotes')!;
        assert.equal(after.status, 'connected');
        assert.ok(after.last_updated && after.latency !== null);

        // The cloud metadata address is refused with a sentence and nothing is stored.
        await region.getByRole('button', { name: 'Add Data Source' }).click();
        dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name', { exact: true }).fill('Metadata');
        await dialog.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data/');
        await dialog.getByRole('button', { name: 'Add & Integrate' }).click();
        await expectVisible(dialog.getByText(/^Validation failed: Refused: 169\.254\.169\.254/));
        await dialog.getByLabel('Endpoint URL').fill('http://10.0.0.1/feed');
        await dialog.getByRole('button', { name: 'Test & Validate' }).click();
        await expectVisible(
          dialog.getByText(
            /^Validation failed: Refused: 10\.0\.0\.1 resolves to 10\.0\.0\.1, a private address/,
          ),
        );
        await shots(page, 'refused');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        const names = (await sources(stack, token)).map((s) => s.name);
        assert.ok(!names.includes('Metadata'), `a refused source was stored: ${names.join(', ')}`);
      } finally {
        await quotes.close();
      }
    },
    { timeout: 120_000 },
  );

  suite.test(
    'Configure Upstox Integration saves the credentials; the Connectivity tab shows Upstox',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/settings');
      await tab(page, 'Data Sources').click();
      const region = page.getByRole('region', { name: 'Data Sources' });
      await region.getByRole('button', { name: 'Configure' }).click();
      const dialog = page.getByRole('dialog', { name: 'Configure Upstox Integration' });
      await dialog.getByLabel(/API Key/).fill('e2e-key-12345678');
      await dialog.getByLabel(/API Secret/).fill('e2e-secret');
      await shots(page, 'upstox-modal');
      await dialog.getByRole('button', { name: 'Save & Connect' }).click();
      await expectVisible(region.getByText('e2e-key-••••••••'));
      const token = await sessionToken(page);
      const reply = await callApi<{ data: BrokerIntegration }>(
        stack,
        token,
        'GET',
        '/api/upstox/integration',
      );
      assert.equal(reply.body.data.credentials_source, 'saved');
      assert.ok(!JSON.stringify(reply.body).includes('e2e-secret'));

      await tab(page, 'Connectivity').click();
      const connectivity = page.getByRole('region', { name: 'Connectivity' });
      await expectVisible(connectivity.getByRole('button', { name: 'Connect Upstox' }), 20_000);
      assert.equal(await connectivity.getByRole('button', { name: 'Connect Upstox' }).isEnabled(), true);
      await expectVisible(connectivity.getByText('203.0.113.10'));
      await expectVisible(
        connectivity.getByText('UPSTOX_STATIC_IP on the API server (not confirmed by Upstox)'),
      );
      await shots(page, 'connectivity');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'a daily CSV with a bad row is refused line by line and stores nothing; fixed, it is stored and listed',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/settings');
      await tab(page, 'Data Sources').click();
      const card = page.getByRole('region', { name: 'Historical candles' });
      await expectVisible(card.getByRole('heading', { name: 'Import a CSV' }), 20_000);
      const token = await sessionToken(page);
      const before = await coverage(stack, token);
      assert.ok(
        !before.some((entry) => entry.symbol === 'RELIANCE' && entry.interval === 'day'),
        'a fresh stack already holds daily RELIANCE bars',
      );

      // High below low on line 3 (the header is line 1): the whole file is refused.
      const importFile = async (csv: string) => {
        await card.getByLabel('Format').selectOption({ label: 'Our OHLCV CSV' });
        await card.getByLabel('Interval').selectOption({ label: 'Daily' });
        await card
          .getByLabel('CSV file')
          .setInputFiles({ name: 'reliance-daily.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await card.getByRole('button', { name: 'Import' }).click();
      };
      await importFile(dailyCsv('1479.00'));
      const refused = card.getByRole('list', { name: 'Refused lines' });
      await expectVisible(refused.getByText(/^Line 3: /));
      assert.equal(await refused.getByRole('listitem').count(), 1);
      await expectVisible(card.getByText(/^Nothing was imported: line 3: /));
      await shots(page, 'history-refused');
      assert.deepEqual(await coverage(stack, token), before, 'a refused file changed the stored coverage');

      // The row fixed: all five bars are stored and the table agrees with the API.
      await importFile(dailyCsv('1492.80'));
      await expectVisible(card.getByText('Imported 5 bars of RELIANCE.'));
      const after = await coverage(stack, token);
      const reliance = after.find((entry) => entry.symbol === 'RELIANCE' && entry.interval === 'day');
      assert.deepEqual(reliance, {
        symbol: 'RELIANCE',
        interval: 'day',
        first: '2026-11-01T18:30:00.000Z',
        last: '2026-11-05T18:30:00.000Z',
        count: 5,
      });
      const row = card
        .getByRole('table', { name: 'Stored candles' })
        .getByRole('row', { name: /^RELIANCE / });
      await expectVisible(row);
      assert.deepEqual(await row.getByRole('cell').allInnerTexts(), [
        'RELIANCE',
        'Daily',
        '2 Nov 2026',
        '6 Nov 2026',
        '5',
      ]);
      await shots(page, 'history-imported');
    },
    { timeout: 120_000 },
  );

  suite.test(
    'the Upstox fetch form says what to do when no Upstox account is connected',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/settings');
      await tab(page, 'Data Sources').click();
      const form = page.getByRole('form', { name: 'Fetch candles from Upstox' });
      await expectVisible(form, 20_000);
      await form.getByLabel('Symbols').fill('reliance, tcs');
      await form.getByLabel('From').fill('2021-12-01');
      await form.getByLabel('To').fill('2021-12-31');
      await form.getByRole('button', { name: 'Fetch from Upstox' }).click();
      // One-minute bars before 2022: the schema's sentence, nothing sent.
      await expectVisible(form.getByText(/Upstox serves one-minute bars from 2022-01-01 on/));
      await form.getByLabel('Bars').selectOption({ label: 'Daily' });
      await form.getByRole('button', { name: 'Fetch from Upstox' }).click();
      await expectVisible(page.getByText(/^Upstox history needs a connected account\./));
      await shots(page, 'history-fetch-refused');
    },
    { timeout: 120_000 },
  );
});
