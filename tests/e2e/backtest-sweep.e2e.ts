import assert from 'node:assert/strict';
import type { BacktestSweep } from '@td/contracts';
import { formatSignedINR } from '../../packages/ui/src/format-inr';
import {
  callApi,
  e2eSuite,
  eventually,
  expectNoSidewaysScroll,
  expectVisible,
  fill,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

// The parameter sweep over two generated sessions: one fitted on, one held out.
e2eSuite('backtest-sweep', { signedIn: true, env: { SIMULATOR_HISTORY_SESSIONS: '2' } }, (suite) => {
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
          text.startsWith(formatSignedINR(row.out_of_sample.net_pnl)),
          `row ${index + 1} should lead with ${formatSignedINR(row.out_of_sample.net_pnl)}: ${text}`,
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
});
