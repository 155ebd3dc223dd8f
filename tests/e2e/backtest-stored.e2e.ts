import assert from 'node:assert/strict';
import {
  callApi,
  e2eSuite,
  expectVisible,
  openSignedIn,
  runBacktest,
  runOf,
  screenshots,
  sessionToken,
} from './support';

// A backtest over one-minute candles imported through the API, chosen in the form.
e2eSuite('backtest-stored', { signedIn: true, env: { SIMULATOR_HISTORY_SESSIONS: '2' } }, (suite) => {
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
