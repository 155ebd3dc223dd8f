import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { formatSignedINR } from '../../packages/ui/src/format-inr';
import { formatShare as share } from '../../packages/ui/src/format-percent';
import {
  e2eSuite,
  eventually,
  expectText,
  expectVisible,
  fill,
  openSignedIn,
  runBacktest,
  runOf,
  screenshots,
  sessionToken,
} from './support';

// Eight generated sessions: the ML ensemble trains on the seven before the last, then ranks the last.
e2eSuite('backtest-ml', { signedIn: true, env: { SIMULATOR_HISTORY_SESSIONS: '8' } }, (suite) => {
  suite.test(
    'ranks with the ML ensemble reading the news, then without it, and shows what the news model was worth',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/performance');
      await page.getByRole('tab', { name: 'Backtest', exact: true }).click();
      const token = await sessionToken(page);
      await expectVisible(page.getByRole('form', { name: 'Backtest settings' }), 20_000);

      // The refusal of a range outside the history names the last session.
      await fill(page, 'From', '2019-01-01');
      await fill(page, 'To', '2019-01-31');
      await page.getByRole('button', { name: 'Run backtest' }).click();
      const refusal = page.getByText(/history covers/).last();
      await expectVisible(refusal);
      const last = /history covers \d{4}-\d{2}-\d{2} to (\d{4}-\d{2}-\d{2})\./.exec(
        (await refusal.textContent()) ?? '',
      )?.[1];
      assert.ok(last, 'the refusal should name the last session');
      await fill(page, 'From', last);
      await fill(page, 'To', last);
      await page.getByLabel('Signals', { exact: true }).selectOption('ml_full');
      await expectVisible(page.getByText(/trains walk-forward on up to 20 sessions before the range/));
      assert.equal(await page.getByLabel('News', { exact: true }).inputValue(), 'on');

      const withNews = await runOf(stack, token, (await runBacktest(page)).id);
      const ml = withNews.result!.ml;
      assert.ok(ml, 'a run with ML signals should carry what the ensemble measured');
      assert.equal(
        ml.trained_sessions,
        7,
        'the ensemble should train on the seven sessions before the range',
      );
      assert.equal(ml.say, 1);
      assert.ok(ml.predictions > 0, 'the ensemble should have made predictions in the range');
      const news = ml.models.find((model) => model.name === 'news_sentiment');
      assert.ok(ml.headlines > 0, 'the range should have had headlines');
      assert.ok(news && news.views > 0, 'the news model should have made calls');

      const card = page.getByRole('group', { name: 'ML ensemble figures' });
      await expectVisible(card);
      await expectContains(card, `Right in the range${share(ml.accuracy)}`);
      await expectContains(card, `Headlines in the range${ml.headlines}`);
      const row = page
        .getByRole('table', { name: 'Each model’s calls in the range' })
        .getByRole('row')
        .filter({ hasText: 'news_sentiment' });
      await expectContains(row, share(news.accuracy));
      await screenshots(page, 'performance-backtest-ml');

      // The same range without the news, then both side by side: the difference is the news's worth.
      await page.getByLabel('News', { exact: true }).selectOption('off');
      const without = await runOf(stack, token, (await runBacktest(page)).id);
      const blind = without.result!.ml!;
      assert.equal(blind.news, false);
      assert.equal(blind.headlines, 0);
      assert.equal(blind.models.find((model) => model.name === 'news_sentiment')?.views, 0);
      for (const box of await page.getByRole('checkbox', { name: /Compare run/ }).all()) await box.check();
      const table = page.getByRole('table', { name: 'Backtests side by side' });
      await expectVisible(table);
      const figure = (name: string) => table.getByRole('row').filter({ hasText: name }).first();
      await expectText(
        figure('Net P&L after charges'),
        `Net P&L after charges${formatSignedINR(without.result!.net_pnl)}${formatSignedINR(withNews.result!.net_pnl)}`,
      );
      await expectContains(figure('Signals'), 'full say, without the news');
      await expectContains(figure('Signals'), 'full say, with the news');
      await expectContains(figure('ML accuracy'), '(no news)');
      await screenshots(page, 'performance-backtest-ml-compare');
      console.log(
        `news worth ${(withNews.result!.net_pnl - without.result!.net_pnl).toFixed(2)} rupees; news model ${share(news.accuracy)} on ${news.views} calls`,
      );
    },
    { timeout: 240_000 },
  );
});

/** Waits until the element's text holds `text`. */
const expectContains = (locator: Locator, text: string) =>
  eventually(
    async () => (await locator.first().textContent({ timeout: 1000 })) ?? '',
    (shown) => shown.includes(text),
    (shown) => `expected ${locator} to contain ${JSON.stringify(text)}, it read ${JSON.stringify(shown)}`,
  );
