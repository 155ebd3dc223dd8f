import assert from 'node:assert/strict';
import type { ResearchAnalysis } from '@td/contracts';
import { allInstruments, constituents } from '../../packages/server/src/engines/market/instruments';
import {
  artifactPath,
  callApi,
  e2eSuite,
  eventually,
  expectText,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

const NIFTY_50 = new Set(constituents('NIFTY_50').map((instrument) => instrument.symbol));
const UNIVERSE = new Set(allInstruments().map((instrument) => instrument.symbol));

// A fresh stack after the replayed history: research reads the market engine and the trading loop.
e2eSuite(
  'research',
  { signedIn: true, env: { REPLAY_HISTORY: 'on', SIMULATOR_HISTORY_SESSIONS: '30' } },
  (suite) => {
    suite.test(
      "Research lists the trading loop's signals for the NIFTY 50 with confidences between 0 and 1",
      async ({ page, stack }) => {
        await openSignedIn(page, stack, '/research');
        const token = await sessionToken(page);
        await expectText(page.getByRole('heading', { level: 1 }), 'Research & Analysis');
        const reply = await callApi<{ success: boolean; data: ResearchAnalysis }>(
          stack,
          token,
          'GET',
          '/api/research/analysis',
        );
        assert.equal(
          reply.status,
          200,
          `/api/research/analysis should answer 200, it answered ${reply.status}`,
        );
        const analysis = reply.body.data;
        const symbols = analysis.recommendations.map((row) => row.symbol);
        // The loop ranks its whole universe: every NIFTY 50 member, and the few Nifty Bank names outside it.
        for (const symbol of NIFTY_50) assert.ok(symbols.includes(symbol), `${symbol} should be listed`);
        for (const symbol of symbols)
          assert.ok(UNIVERSE.has(symbol), `${symbol} is not a symbol the loop trades`);
        for (const row of analysis.recommendations) {
          assert.ok(row.confidence >= 0 && row.confidence <= 1, `${row.symbol} confidence ${row.confidence}`);
          assert.equal(row.in_nifty_50, NIFTY_50.has(row.symbol), `${row.symbol}'s NIFTY 50 flag`);
        }
        const nifty50Rows = analysis.recommendations.filter((row) => row.in_nifty_50);

        const table = page.getByRole('table', { name: 'AI Trading Signals' });
        await expectVisible(table.getByRole('button', { name: 'RELIANCE chart' }));
        // By default the table lists the NIFTY 50 members only, each with its signal.
        const shown = await eventually(
          async () => (await table.getByRole('row').count()) - 1,
          (rows) => rows === nifty50Rows.length,
          (rows) => `the table should list ${nifty50Rows.length} NIFTY 50 signals, it lists ${rows}`,
          20_000,
        );
        assert.equal(shown, NIFTY_50.size);
        const listed = await table.locator('tbody tr td:nth-child(1)').allTextContents();
        for (const text of listed) {
          assert.ok(
            [...NIFTY_50].some((symbol) => text.startsWith(symbol)),
            `${text} should be a NIFTY 50 member`,
          );
        }
        // Every confidence on screen is a percentage between 0 and 100.
        const confidences = await table.locator('tbody tr td:nth-child(3)').allTextContents();
        for (const text of confidences) {
          const value = Number(text.replace('%', ''));
          assert.ok(value >= 0 && value <= 100, `confidence ${text} should be between 0% and 100%`);
        }
        await expectVisible(page.getByRole('group', { name: 'Market Sentiment', exact: true }));
        const volatility = page.getByRole('group', { name: 'Volatility', exact: true });
        await eventually(
          async () => (await volatility.textContent()) ?? '',
          (text) => text.includes(analysis.volatility_level),
          (text) => `the Volatility tile should read ${analysis.volatility_level}, it reads ${text}`,
        );
        await screenshots(page, 'research');

        await table.getByRole('button', { name: 'RELIANCE chart' }).click();
        await expectVisible(page.getByRole('img', { name: 'RELIANCE daily price chart' }));
        await page.screenshot({ path: artifactPath('research-chart-1440.png') });
      },
      { timeout: 120_000 },
    );
  },
);
