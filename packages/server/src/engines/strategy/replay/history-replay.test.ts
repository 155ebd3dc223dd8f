import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { buildTestApp, signInForTest, type TestApp } from '../../../test-support';
import { replayHistoryIntoEmptyLedger, replayVenue } from './history-replay';
import { replayHistory } from './replay';

let testApp: TestApp;
afterEach(() => testApp.close());

describe('history replay on a fresh mock install', () => {
  it('trades the generated sessions through the paper broker, every order marked simulated replay', async () => {
    testApp = await buildTestApp();
    const { db, ledger, market, logger } = testApp.services;
    const summary = await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
    expect(summary?.sessions).toBe(2);
    const { orders, total } = ledger.orders({ account: 'paper', limit: 1000, offset: 0 });
    expect(total).toBeGreaterThan(0);
    expect(orders.every((order) => order.simulatedReplay)).toBe(true);
    // Orders carry the replayed time, inside the generated sessions, not the time of the replay.
    const sessions = market.history.sessionDates;
    const first = market.clock.sessionBounds(sessions[0]!)!.open;
    const last = market.clock.sessionBounds(sessions[sessions.length - 1]!)!.close;
    expect(orders.every((order) => order.createdAt >= first && order.createdAt <= last)).toBe(true);
    expect(ledger.entriesSum('paper')).toBe(ledger.cashPaise('paper'));

    const { headers } = await signInForTest(testApp);
    const trades = (await testApp.app.inject({ method: 'GET', url: '/api/trades/recent', headers })).json()
      .data;
    expect(trades.trades[0].simulated_replay).toBe(true);
    expect(trades.summary.total_fees).toBeGreaterThan(0);
  });

  it("does not count the replayed sessions as today's P&L when the portfolio is read during the replay", async () => {
    testApp = await buildTestApp();
    const { db, ledger, market, logger, trading } = testApp.services;
    const replay = replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
    trading.holdDayOpenUntil(replay);
    trading.overview(); // a screen asking while the replay runs
    await replay;
    await Promise.resolve();
    const overview = trading.overview();
    // With no trade today, the day's change is nothing, whatever the replay won or lost.
    expect(ledger.positions('paper')).toHaveLength(0);
    expect(overview.day_change).toBe(0);
    expect(overview.total_returns).not.toBe(0);
  });

  it('leaves the same ledger in slices, a step per few symbols and per order, as the sessions replayed a minute at a time', async () => {
    // Every column but the generated ids (random per order and fill) and the time each app opened its account.
    const ledgerRows = (app: TestApp) =>
      ['orders', 'fills', 'ledger_entries'].map((table) =>
        (app.services.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as object[]).map((row) =>
          Object.fromEntries(
            Object.entries(row).filter(
              ([key]) =>
                !['id', 'order_id', 'fill_id'].includes(key) &&
                !(key === 'ts' && (row as { kind?: string }).kind === 'opening_balance'),
            ),
          ),
        ),
      );
    testApp = await buildTestApp();
    const { db, ledger, market, logger } = testApp.services;
    await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
    const sliced = ledgerRows(testApp);
    await testApp.close();

    testApp = await buildTestApp();
    const direct = testApp.services;
    for (const date of direct.market.history.sessionDates) {
      const barsBySymbol = direct.market.history.sessionBars(date);
      replayHistory({
        sessions: [{ date, barsBySymbol }],
        loop: {},
        wholeMinutes: true,
        venueFactory: (feed) => replayVenue(sqlLedgerStorage(direct.db), feed, barsBySymbol),
      });
    }
    expect(sliced[0]!.length).toBeGreaterThan(0);
    expect(ledgerRows(testApp)).toEqual(sliced);
  });

  it('leaves a ledger that already has trades alone', async () => {
    testApp = await buildTestApp();
    const { db, ledger, market, logger, trading } = testApp.services;
    trading.placeOrder({
      account: 'paper',
      symbol: 'TCS',
      side: 'BUY',
      type: 'MARKET',
      quantity: 1,
      strategy: 'manual',
    });
    expect(await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger)).toBeNull();
    expect(ledger.orders({ account: 'paper', limit: 10, offset: 0 }).total).toBe(1);
  });
});
