import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { PerformanceAnalytics, PerformanceReturns } from '@td/contracts';
import type { Page } from 'playwright-core';
import { formatSignedINR } from '../../packages/ui/src/format-inr';
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

async function performance<T>(
  stack: E2EStack,
  token: string,
  path: 'analytics' | 'returns',
  query: Record<string, string>,
) {
  const reply = await callApi<{ success: boolean; data: T }>(
    stack,
    token,
    'GET',
    `/api/performance/${path}?${new URLSearchParams(query)}`,
  );
  assert.equal(reply.status, 200, `/api/performance/${path} should answer 200, it answered ${reply.status}`);
  return reply.body.data;
}

const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The rupees a card shows first ("Total Return+₹12,346…" → 12346); null when it shows none. */
const rupeesIn = (text: string | null) => {
  const match = /([+-])₹([\d,]+)/.exec(text ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * Number(match[2]!.replace(/,/g, '')) : null;
};

/**
 * The cards agree with the analytics call for the same query, asked again until they settle. Trades
 * agree exactly; today's P&L marks open lots at the live price, which moves between the screen's
 * call and the test's, so the total return agrees to 0.2 % of the account's equity.
 */
async function expectCardsAgree(page: Page, stack: E2EStack, token: string, query: Record<string, string>) {
  await eventually(
    async () => {
      const a = await performance<PerformanceAnalytics>(stack, token, 'analytics', query);
      const r = await performance<PerformanceReturns>(stack, token, 'returns', query);
      const shown = {
        trades: await card(page, 'Total Trades').textContent(),
        total: await card(page, 'Total Return').textContent(),
      };
      return { a, tolerance: 0.002 * (r.equity.at(-1)?.equity ?? 0) + 1, shown };
    },
    ({ a, tolerance, shown }) =>
      new RegExp(`^Total Trades${a.total_trades}\\D`).test(shown.trades ?? '') &&
      Math.abs((rupeesIn(shown.total) ?? Number.NaN) - a.total_return) <= tolerance,
    (last) =>
      last
        ? `cards ${JSON.stringify(last.shown)} should show ${last.a.total_trades} trades and about ${formatSignedINR(last.a.total_return)} for ${JSON.stringify(query)}`
        : `the cards and /api/performance/analytics could not be read for ${JSON.stringify(query)}`,
    20_000,
  );
}

/**
 * Waits until the replayed history stops growing: every past session's P&L the same 3 s apart
 * (today's moves with live prices, so it is left out).
 */
async function replayFinished(stack: E2EStack, token: string): Promise<void> {
  const read = async () => {
    const returns = await performance<PerformanceReturns>(stack, token, 'returns', { period: 'all' });
    const today = returns.equity.at(-1)?.date;
    return JSON.stringify(returns.equity.filter((point) => point.date !== today));
  };
  const deadline = Date.now() + 120_000;
  let before = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const now = await read();
    if (now === before) return;
    assert.ok(Date.now() < deadline, 'the replayed history was still growing after 120 s');
    before = now;
  }
}

// A fresh stack whose ledger holds the trading loop's replayed history of 20 sessions, so every
// figure on the Performance screen comes from real closed trades.
e2eSuite(
  'analytics',
  { signedIn: true, env: { REPLAY_HISTORY: 'on', SIMULATOR_HISTORY_SESSIONS: '20' } },
  (suite) => {
    suite.test(
      'the six cards agree with the analytics, follow the period and the Filter, and the heatmap and report match',
      async ({ page, stack }) => {
        await openSignedIn(page, stack, '/performance');
        const token = await sessionToken(page);
        await expectText(page.getByRole('heading', { level: 1 }), 'Performance Analytics');
        for (const name of [
          'Total Return',
          'Win Rate',
          'Profit Factor',
          'Sharpe Ratio',
          'Max Drawdown',
          'Total Trades',
        ])
          await expectVisible(card(page, name));
        await expectVisible(page.getByText('Connected', { exact: true }));
        // The history replay runs in the background after start: wait until its trades are booked.
        const all = await eventually(
          () => performance<PerformanceAnalytics>(stack, token, 'analytics', { period: 'all' }),
          (all) => all.total_trades > 0,
          () => 'the replayed history should leave closed trades in the ledger',
          30_000,
        );
        // It books each session minute by minute in time slices (docs/decisions/0043), so a day's
        // P&L grows while it runs: compare the screen with the API once the ledger holds still.
        await replayFinished(stack, token);
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expectCardsAgree(page, stack, token, { period: 'all' });
        await expectVisible(page.getByTestId('performance-source').first());

        // The heatmap's coloured cells are the daily P&L series' last 30 days, figure by figure.
        const returns = await performance<PerformanceReturns>(stack, token, 'returns', { period: 'all' });
        const heatmap = page.getByRole('group', { name: 'Daily P&L, last 30 days' });
        await expectVisible(heatmap);
        const cells = await heatmap.locator('[data-date]').evaluateAll((nodes) =>
          nodes.map((node) => ({
            date: node.getAttribute('data-date')!,
            label: node.getAttribute('aria-label')!,
          })),
        );
        assert.equal(cells.length, 30);
        const window = returns.equity.filter(
          (point) => point.date >= cells[0]!.date && point.date <= cells.at(-1)!.date,
        );
        assert.ok(window.length > 0, 'the last 30 days should hold sessions');
        // Today's P&L moves with live prices; the closed sessions before it agree to the rupee.
        const today = cells.at(-1)!.date;
        for (const point of window) {
          const cell = cells.find((c) => c.date === point.date);
          assert.ok(cell && !cell.label.endsWith('no session'), `${point.date} should be a session cell`);
          if (point.date === today) continue;
          assert.ok(
            cell.label.includes(formatSignedINR(point.pnl)),
            `${point.date}: ${cell.label} should show ${formatSignedINR(point.pnl)}`,
          );
        }
        assert.equal(cells.filter((c) => !c.label.endsWith('no session')).length, window.length);
        await expectVisible(page.getByRole('img', { name: /Equity curve and drawdown/ }));
        await screenshots(page, 'performance');

        // Another period asks again and the cards change with it.
        const week = await performance<PerformanceAnalytics>(stack, token, 'analytics', { period: 'week' });
        assert.notDeepEqual(
          [week.total_trades, week.total_return],
          [all.total_trades, all.total_return],
          'a week of 20 sessions should differ from All Time',
        );
        await page.getByLabel('Period').selectOption({ label: 'Week' });
        await expectCardsAgree(page, stack, token, { period: 'week' });
        await page.getByLabel('Period').selectOption({ label: 'All Time' });
        await expectCardsAgree(page, stack, token, { period: 'all' });

        // Filter by one strategy, then one symbol too: the totals are that slice's.
        await page.getByRole('button', { name: /^Filter/ }).click();
        const strategy = returns.filters.strategies[0]!;
        assert.ok(strategy, 'the loop should record a strategy on its trades');
        await page.getByLabel('Strategy').selectOption(strategy);
        await expectCardsAgree(page, stack, token, { period: 'all', strategy });
        // A symbol that strategy traded, so the slice holds trades.
        const strategyReturns = await performance<PerformanceReturns>(stack, token, 'returns', {
          period: 'all',
          strategy,
        });
        const symbol = strategyReturns.stocks[0]!.name;
        await page.getByLabel('Symbol').selectOption(symbol);
        const slice = await performance<PerformanceAnalytics>(stack, token, 'analytics', {
          period: 'all',
          strategy,
          symbol,
        });
        assert.ok(
          slice.total_trades < all.total_trades,
          'one strategy and one symbol should hold fewer trades than all',
        );
        await expectCardsAgree(page, stack, token, { period: 'all', strategy, symbol });
        await page.getByRole('button', { name: 'Clear filter' }).click();
        await expectCardsAgree(page, stack, token, { period: 'all' });

        // Export Report saves the period's CSV; its totals are the cards'.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export Report' }).click(),
        ]);
        assert.match(download.suggestedFilename(), /^performance-all-\d{4}-\d{2}-\d{2}\.csv$/);
        const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
        const value = (name: string) => lines.find((line) => line.startsWith(`${name},`))?.split(',')[1];
        const trades = Number(value('Total Trades'));
        const total = Number(value('Total Return (INR)'));
        assert.match(
          (await card(page, 'Total Trades').textContent()) ?? '',
          new RegExp(`^Total Trades${trades}\\D`),
        );
        assert.ok((await card(page, 'Total Return').textContent())?.includes(formatSignedINR(total)));
        const daily = lines.slice(lines.indexOf('Daily') + 2).filter(Boolean);
        assert.equal(daily.length, returns.equity.length);
      },
      { timeout: 300_000 },
    );

    suite.test('the statistics tab shows the figures computed from the ledger', async ({ page, stack }) => {
      await openSignedIn(page, stack, '/performance');
      const token = await sessionToken(page);
      const a = await performance<PerformanceAnalytics>(stack, token, 'analytics', { period: 'all' });
      await page.getByRole('tab', { name: 'Statistics' }).click();
      const trades = page.getByLabel('Trade statistics');
      await eventually(
        () => trades.textContent(),
        (text) => (text ?? '').startsWith(`Total Trades${a.total_trades}Winning Trades${a.winning_trades}`),
        (text) =>
          `Trade statistics show ${text}, the analytics say ${a.total_trades} trades, ${a.winning_trades} winning`,
      );
      await expectVisible(page.getByLabel('Risk-adjusted statistics'));
      await page.getByRole('tab', { name: 'Strategies' }).click();
      await expectVisible(page.getByRole('table', { name: 'Performance by strategy' }));
      await screenshots(page, 'performance-strategies');
    });
  },
);
