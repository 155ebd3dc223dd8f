import assert from 'node:assert/strict';
import type { BacktestRun } from '@td/contracts';
import { formatINR, formatSignedINR } from '../../packages/ui/src/format-inr';
import {
  callApi,
  e2eSuite,
  eventually,
  expectNoSidewaysScroll,
  expectResultsAgree,
  expectText,
  expectVisible,
  fill,
  openSignedIn,
  runBacktest,
  runOf,
  screenshots,
  sessionToken,
} from './support';

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
        shown.includes(`Total Return${formatSignedINR(run.result!.net_pnl)}`),
        `net P&L should read ${formatSignedINR(run.result!.net_pnl)}: ${shown}`,
      );
      assert.ok(
        shown.includes(`Charges paid${formatINR(run.result!.charges)}`),
        `charges should read ${formatINR(run.result!.charges)}: ${shown}`,
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
        `Net P&L after charges${formatSignedINR(other.result!.net_pnl)}${formatSignedINR(run.result!.net_pnl)}`,
      );
      await expectText(
        row('Charges paid'),
        `Charges paid${formatINR(other.result!.charges)}${formatINR(run.result!.charges)}`,
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
});
