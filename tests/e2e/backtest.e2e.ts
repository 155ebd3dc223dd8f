import assert from 'node:assert/strict';
import type { BacktestRun, BacktestSweep } from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectText,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

/** The screen's whole rupees: "₹1,235", "+₹12,346", "-₹2,000". */
const rupees = (value: number) => `₹${Math.round(Math.abs(value)).toLocaleString('en-IN')}`;
const signedRupees = (value: number) =>
  `${value < 0 && Math.round(Math.abs(value)) > 0 ? '-' : '+'}${rupees(value)}`;

/** The run once it has ended (a second run's figures may show the first run's until it does). */
async function runOf(stack: E2EStack, token: string, id: string): Promise<BacktestRun> {
  const run = await eventually(
    async () => {
      const reply = await callApi<{ data: BacktestRun }>(stack, token, 'GET', `/api/backtests/${id}`);
      assert.equal(
        reply.status,
        200,
        `GET /api/backtests/${id} should answer 200, it answered ${reply.status}`,
      );
      return reply.body.data;
    },
    (last) => last.status !== 'running',
    (last) =>
      `backtest ${id} is still ${last?.status} (${last?.progress.bars_done} of ${last?.progress.total_bars} bars)`,
    60_000,
  );
  assert.equal(run.status, 'complete', `backtest ${id} ended ${run.status}: ${run.error}`);
  return run;
}

/**
 * Every value the progress bar's aria-valuenow takes from now on, kept in the page. A string, not a
 * function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const RECORD_PROGRESS = `(() => {
  const seen = [];
  window.backtestProgress = seen;
  const read = () => {
    const bar = document.querySelector('[role="progressbar"][aria-label="Backtest progress"]');
    const value = bar && bar.getAttribute('aria-valuenow');
    if (value !== null && value !== undefined && Number(value) !== seen[seen.length - 1]) seen.push(Number(value));
  };
  new MutationObserver(read).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'],
  });
})()`;

const recordProgress = (page: Page) => page.evaluate(RECORD_PROGRESS);

const progressSeen = (page: Page) => page.evaluate('window.backtestProgress') as Promise<number[]>;

/** Runs the form's settings and waits for the results; returns the run's id and the progress seen. */
async function runBacktest(page: Page): Promise<{ id: string; progress: number[] }> {
  await recordProgress(page);
  const started = page.waitForResponse(
    (response) => response.url().endsWith('/api/backtests') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Run backtest' }).click();
  const reply = await started;
  assert.equal(reply.status(), 202, `POST /api/backtests should answer 202: ${await reply.text()}`);
  const { id } = ((await reply.json()) as { data: BacktestRun }).data;
  await expectVisible(page.getByRole('group', { name: 'Backtest figures' }), 60_000);
  return { id, progress: await progressSeen(page) };
}

/** The trades table, buy-and-hold tile, monthly table and curve read what the API answered. */
async function expectResultsAgree(page: Page, run: BacktestRun): Promise<void> {
  const result = run.result!;
  const trades = result.trades ?? [];
  const held = result.buy_and_hold;
  assert.ok(held, 'the run should carry buy-and-hold NIFTY 50');
  assert.equal(result.equity?.[0]?.equity, run.settings.capital, 'the curve should start at the capital');
  assert.equal(
    result.equity?.[0]?.nifty_50,
    run.settings.capital,
    'buy-and-hold should start at the capital',
  );
  const tile = (await page.getByRole('group', { name: 'Buy and hold NIFTY 50' }).textContent()) ?? '';
  const heldText = `Buy and hold NIFTY 50${signedRupees(held.pnl)}${held.return_percent >= 0 ? '+' : ''}${held.return_percent.toFixed(2)}%`;
  assert.ok(tile.startsWith(heldText), `the buy-and-hold tile should read ${heldText}: ${tile}`);
  const table = page.getByRole('table', { name: 'Backtest trades' });
  await expectVisible(table);
  const rows = table.locator('tbody tr');
  if (trades.length === 0) {
    await expectText(rows.first(), 'No trade closed over this range.');
  } else {
    assert.equal(await rows.count(), Math.min(200, trades.length), 'one row per closed trade');
    // Latest first: the last trade the API lists.
    const latestTrade = trades.at(-1)!;
    const first = (await rows.first().textContent()) ?? '';
    assert.ok(
      first.startsWith(latestTrade.symbol) && first.includes(signedRupees(latestTrade.net_pnl)),
      `the first row should be ${latestTrade.symbol} at ${signedRupees(latestTrade.net_pnl)}: ${first}`,
    );
  }
  const months = page.getByRole('table', { name: 'Monthly returns' }).locator('tbody tr');
  assert.equal(await months.count(), result.monthly?.length, 'one row per month');
  const cards = (await page.getByRole('group', { name: 'Total Trades' }).textContent()) ?? '';
  assert.ok(cards.includes(String(trades.length)), `Total Trades should read ${trades.length}: ${cards}`);
  console.log(
    `result: ${trades.length} trades, net ${result.net_pnl}, NIFTY 50 ${held.start_level} → ${held.end_level} (${held.return_percent} %), ${result.equity?.length} points every ${result.equity_stride_minutes} min`,
  );
}

/** On a phone the page never scrolls sideways; at 1440 px every Show button lies inside the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const desktop = page.viewportSize();
  for (const show of await page.getByRole('button', { name: /Show run/ }).all()) {
    const box = await show.boundingBox();
    assert.ok(box && box.x + box.width <= (desktop?.width ?? 1440), 'the Show button should not be clipped');
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const width = await page.evaluate('document.documentElement.scrollWidth');
  assert.ok(Number(width) <= 390, `the page should not scroll sideways on a phone: it is ${width} px wide`);
  if (desktop) await page.setViewportSize(desktop);
}

const fill = (page: Page, label: string, value: string) =>
  page.getByLabel(label, { exact: true }).fill(value);

// Two generated sessions of one-minute history, replayed by the backtest worker.
e2eSuite('backtest', { signedIn: true, env: { SIMULATOR_HISTORY_SESSIONS: '2' } }, (suite) => {
  suite.test(
    'runs a backtest over the two generated sessions, shows its progress then results the API agrees with, and compares two runs',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/performance');
      await page.getByRole('tab', { name: 'Backtest', exact: true }).click();
      const token = await sessionToken(page);
      await expectVisible(page.getByRole('form', { name: 'Backtest settings' }), 20_000);

      // A range outside the history: the server's sentence names the range it has.
      await fill(page, 'From', '2019-01-01');
      await fill(page, 'To', '2019-01-31');
      await page.getByRole('button', { name: 'Run backtest' }).click();
      const refusal = page
        .getByText(/No one-minute bars between 2019-01-01 and 2019-01-31: history covers/)
        .last();
      await expectVisible(refusal);
      const covered = /history covers (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\./.exec(
        (await refusal.textContent()) ?? '',
      );
      assert.ok(covered, 'the refusal should name the dates the history covers');
      const [, from, to] = covered;

      // The refusal offers the history's own dates.
      await page.getByRole('button', { name: `Use ${from} to ${to}`, exact: true }).click();
      assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), from);
      assert.equal(await page.getByLabel('To', { exact: true }).inputValue(), to);

      // Capital under the minimum: refused on the screen, with the schema's sentence.
      await fill(page, 'Starting capital (₹)', '100000');
      await page.getByRole('button', { name: 'Run backtest' }).click();
      await expectVisible(page.getByText('capital must be at least ₹1,50,000', { exact: false }));

      await fill(page, 'Starting capital (₹)', '1000000');
      const first = await runBacktest(page);
      assert.ok(
        first.progress.some((value) => value < 100),
        `the progress bar should show a value under 100 before the result; it showed ${JSON.stringify(first.progress)}`,
      );
      const run = await runOf(stack, token, first.id);
      assert.equal(run.status, 'complete');
      assert.equal(run.result!.sessions.length, 2, 'the run should replay the two generated sessions');
      const figures = page.getByRole('group', { name: 'Backtest figures' });
      const shown = (await figures.textContent()) ?? '';
      // The Performance screen's Total Return card: net P&L after charges.
      assert.ok(
        shown.includes(`Total Return${signedRupees(run.result!.net_pnl)}`),
        `net P&L should read ${signedRupees(run.result!.net_pnl)}: ${shown}`,
      );
      assert.ok(
        shown.includes(`Charges paid${rupees(run.result!.charges)}`),
        `charges should read ${rupees(run.result!.charges)}: ${shown}`,
      );
      await expectResultsAgree(page, run);
      await screenshots(page, 'performance-backtest-result');
      await expectNoSidewaysScroll(page);

      // A second run with other settings, then both side by side.
      await page.getByLabel('Allocation strategy', { exact: true }).selectOption('aggressive');
      await page.getByLabel('Brokerage plan', { exact: true }).selectOption('discount');
      const second = await runBacktest(page);
      const other = await runOf(stack, token, second.id);
      for (const box of await page.getByRole('checkbox', { name: /Compare run/ }).all()) await box.check();
      const table = page.getByRole('table', { name: 'Backtests side by side' });
      await expectVisible(table);
      const row = (name: string) => table.getByRole('row').filter({ hasText: name }).first();
      // Newest first in the list: the second run is Run 1.
      await expectText(
        row('Net P&L after charges'),
        `Net P&L after charges${signedRupees(other.result!.net_pnl)}${signedRupees(run.result!.net_pnl)}`,
      );
      await expectText(
        row('Charges paid'),
        `Charges paid${rupees(other.result!.charges)}${rupees(run.result!.charges)}`,
      );
      await expectText(row('Brokerage plan'), 'Brokerage plandiscountflat');
      await expectText(
        row('Closed trades'),
        `Closed trades${other.result!.metrics!.total_trades}${run.result!.metrics!.total_trades}`,
      );
      await screenshots(page, 'performance-backtest-compare');
      const runs = await eventually(
        async () =>
          (await callApi<{ data: { runs: BacktestRun[] } }>(stack, token, 'GET', '/api/backtests')).body.data
            .runs,
        (list) => list.length === 2,
        () => 'the API should list the two runs',
      );
      assert.deepEqual(
        runs.map((r) => r.status),
        ['complete', 'complete'],
      );
      console.log(
        `progress seen: first ${JSON.stringify(first.progress)}, second ${JSON.stringify(second.progress)}`,
      );
    },
    { timeout: 180_000 },
  );

  suite.test(
    'sweeps two targets fitted on the first session and reported on the held-out second, the in-sample pick first',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/performance');
      await page.getByRole('tab', { name: 'Backtest', exact: true }).click();
      const token = await sessionToken(page);
      // The API names the generated history's range when asked for one outside it: the two sessions.
      const refused = await callApi<{ error: string }>(stack, token, 'POST', '/api/backtests', {
        from: '2020-01-01',
        to: '2020-01-02',
        capital: 1_000_000,
      });
      const covered = /history covers (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\./.exec(
        refused.body.error ?? '',
      );
      assert.ok(covered, `the refusal should name the history's dates: ${JSON.stringify(refused.body)}`);
      const [, from, to] = covered as unknown as [string, string, string];
      await fill(page, 'Sweep from', from);
      await fill(page, 'Sweep to', to);
      await fill(page, 'Share of sessions fitted on', '0.5');
      await fill(page, 'Target % values', '1, 3');
      const started = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/backtests/sweeps') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Start sweep' }).click();
      const reply = await started;
      assert.equal(
        reply.status(),
        202,
        `POST /api/backtests/sweeps should answer 202: ${await reply.text()}`,
      );
      const { id } = ((await reply.json()) as { data: BacktestSweep }).data;
      const sweep = await eventually(
        async () =>
          (await callApi<{ data: BacktestSweep }>(stack, token, 'GET', `/api/backtests/sweeps/${id}`)).body
            .data,
        (last) => last.status !== 'running',
        (last) => `sweep ${id} is still ${last?.status}`,
        120_000,
      );
      assert.equal(sweep.status, 'complete', `the sweep ended ${sweep.status}: ${sweep.error}`);
      const result = sweep.result!;
      assert.deepEqual(
        [result.in_sample.sessions, result.out_of_sample.sessions],
        [1, 1],
        'one session fitted on, one held out',
      );
      assert.ok(
        result.in_sample.to < result.out_of_sample.from,
        'the held-out session comes after the fitted one',
      );
      const table = page.getByRole('region', { name: 'Sweep results' });
      await expectVisible(table, 60_000);
      const rows = table.locator('tbody tr');
      assert.equal(await rows.count(), 2, 'one row per combination');
      for (const [index, row] of result.combinations.entries()) {
        const text = (await rows.nth(index).textContent()) ?? '';
        // The table leads with the held-out net P&L, as the API orders the rows.
        assert.ok(
          text.startsWith(signedRupees(row.out_of_sample.net_pnl)),
          `row ${index + 1} should lead with ${signedRupees(row.out_of_sample.net_pnl)}: ${text}`,
        );
        // One held-out session is no evidence: every row is within noise.
        assert.ok(text.includes('Within noise'), `row ${index + 1} should be marked within noise: ${text}`);
      }
      await expectVisible(table.getByText('Only the out-of-sample columns are evidence', { exact: false }));
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      assert.ok(width <= 1440, `the sweep should fit the window, not widen the page to ${width} px`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, 'performance-backtest-sweep');
      await expectNoSidewaysScroll(page);
    },
    { timeout: 240_000 },
  );

  suite.test(
    'runs a backtest over imported one-minute candles chosen in the form, gaps and all',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/performance');
      const token = await sessionToken(page);
      const csv = oneMinuteCsv(['2026-11-02', '2026-11-03'], ['INFY', 'TCS']);
      const imported = await callApi<{ data: { imported: number } }>(
        stack,
        token,
        'POST',
        '/api/history/import',
        {
          format: 'ohlcv',
          interval: '1minute',
          csv: csv.text,
        },
      );
      assert.equal(imported.status, 200, `the import should answer 200: ${JSON.stringify(imported.body)}`);
      assert.equal(imported.body.data.imported, csv.bars);

      await page.getByRole('tab', { name: 'Backtest', exact: true }).click();
      await expectVisible(page.getByRole('form', { name: 'Backtest settings' }), 20_000);
      await page.getByLabel('Data', { exact: true }).selectOption({ label: 'Imported / fetched candles' });
      await expectVisible(page.getByText(/^One-minute candles stored for INFY 2026-11-02 to 2026-11-03/));
      await page.getByRole('button', { name: 'Use 2026-11-02 to 2026-11-03', exact: true }).click();
      await screenshots(page, 'performance-backtest-stored-form');
      const { id } = await runBacktest(page);
      const run = await runOf(stack, token, id);
      assert.equal(run.settings.data, 'stored');
      assert.equal(
        run.progress.total_bars,
        csv.bars,
        'the total should count the bars imported, gaps left out',
      );
      assert.equal(run.progress.bars_done, csv.bars);
      assert.deepEqual(
        run.result!.sessions.map((session) => session.date),
        ['2026-11-02', '2026-11-03'],
      );
      await expectVisible(page.getByText(/imported candles/).first());
      await screenshots(page, 'performance-backtest-stored-result');
    },
    { timeout: 180_000 },
  );
});

/** A full session of one-minute bars per symbol and day, a seeded random walk, every 37th minute missing. */
function oneMinuteCsv(dates: string[], symbols: string[]): { text: string; bars: number } {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const rows = ['symbol,timestamp,open,high,low,close,volume'];
  symbols.forEach((symbol, index) => {
    let price = 150_000 + index * 200_000;
    for (const date of dates) {
      for (let minute = 0; minute < 375; minute++) {
        const open = price;
        price = Math.max(500, Math.round(price * (1 + (random() - 0.5) * 0.004)));
        if ((minute + index) % 37 === 0) continue;
        const at = 9 * 60 + 15 + minute;
        const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
        const rupees = (paise: number) => (paise / 100).toFixed(2);
        const [high, low] = [Math.max(open, price) + 5, Math.min(open, price) - 5];
        rows.push(
          `${symbol},${date} ${time},${rupees(open)},${rupees(high)},${rupees(low)},${rupees(price)},${1000 + minute}`,
        );
      }
    }
  });
  return { text: `${rows.join('\n')}\n`, bars: rows.length - 1 };
}
