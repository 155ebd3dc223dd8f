import assert from 'node:assert/strict';
import type { BacktestRun } from '@td/contracts';
import type { Page } from 'playwright-core';
import { formatSignedINR } from '../../../packages/ui/src/format-inr';
import { formatPercent } from '../../../packages/ui/src/format-percent';
import { callApi } from './api';
import { eventually, expectText, expectVisible } from './expect';
import type { E2EStack } from './stack';

// The strategy lab's end-to-end files share these: a run read once it has ended, the Run button
// pressed with its progress recorded, and the checks a result's screen must pass. Figures are written
// with the screen's own formatters (packages/ui), so a check compares exactly what the screen prints.

/** The run once it has ended (a second run's figures may show the first run's until it does). */
export async function runOf(stack: E2EStack, token: string, id: string): Promise<BacktestRun> {
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

export const recordProgress = (page: Page) => page.evaluate(RECORD_PROGRESS);

export const progressSeen = (page: Page) => page.evaluate('window.backtestProgress') as Promise<number[]>;

/** Runs the form's settings and waits for the results; returns the run's id and the progress seen. */
export async function runBacktest(page: Page): Promise<{ id: string; progress: number[] }> {
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
export async function expectResultsAgree(page: Page, run: BacktestRun): Promise<void> {
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
  const heldText = `Buy and hold NIFTY 50${formatSignedINR(held.pnl)}${formatPercent(held.return_percent, { signed: true })}`;
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
      first.startsWith(latestTrade.symbol) && first.includes(formatSignedINR(latestTrade.net_pnl)),
      `the first row should be ${latestTrade.symbol} at ${formatSignedINR(latestTrade.net_pnl)}: ${first}`,
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
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
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

export const fill = (page: Page, label: string, value: string) =>
  page.getByLabel(label, { exact: true }).fill(value);
