import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { buildTestApp, type TestApp } from '../../test-support';
import { EXIT_RULES } from '../strategy';
import { SignalEdgeBook } from '../strategy/allocation/signal-edge';
import { replayHistoryIntoEmptyLedger } from '../strategy/replay/history-replay';
import { selectBacktestSessions } from './backtest-sessions';
import { generatedHistory } from './generated-history';
import { runBacktest } from './run-backtest';
import { memoryLedger } from './test-support/memory-ledger';

let testApp: TestApp;
afterEach(() => testApp.close());

describe('a backtest and the loop replaying the same range', () => {
  it('place identical orders: symbol, side, quantity, price and time', async () => {
    testApp = await buildTestApp();
    const { db, ledger, market, logger } = testApp.services;
    // The start-up replay as the runtime builds it, on the app's own paper ledger.
    await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger, {
      allocation: () => ({ strategy: 'moderate' }),
      signalEdge: new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs),
      gateOnSignalEdge: false,
    });
    const replayed = ledger
      .orders({ account: 'paper', limit: 10_000, offset: 0 })
      .orders.map((o) => ({
        symbol: o.symbol,
        side: o.side,
        quantity: o.quantity,
        price: o.averagePrice,
        at: o.createdAt,
      }))
      .sort((a, b) => a.at - b.at || (a.symbol < b.symbol ? -1 : 1));

    const dates = market.history.sessionDates;
    const outcome = await runBacktest({
      sessions: selectBacktestSessions(generatedHistory(market), {
        from: dates[0]!,
        to: dates.at(-1)!,
        symbols: [],
      }),
      settings: { allocation: 'moderate' },
      openLedger: memoryLedger,
    });
    if (outcome.status !== 'complete') throw new Error('the backtest did not complete');
    const backtested = outcome.result.orders
      .map((o) => ({ symbol: o.symbol, side: o.side, quantity: o.quantity, price: o.pricePaise, at: o.at }))
      .sort((a, b) => a.at - b.at || (a.symbol < b.symbol ? -1 : 1));

    expect(replayed.length).toBeGreaterThan(4);
    expect(backtested).toEqual(replayed);
    // And the app's ledger is the replay's alone: the backtest wrote none of its orders there.
    expect(ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(replayed.length);
  });
});
