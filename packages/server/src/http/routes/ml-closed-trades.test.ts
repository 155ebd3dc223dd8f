import { mlIntelligenceMetricsDataSchema, quickStatsSchema } from '@td/contracts';
import { replayHistoryIntoEmptyLedger } from '../../engines/strategy/replay/history-replay';
import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

// The dashboard's ML card and Quick Stats quote one count of closed trades: the ledger's, for the
// account in use, whenever they are asked (the ML insight's build may be minutes old).

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp({ config: { replayHistory: false, tradingLoop: false } });
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const data = async (url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const mlTrends = async () =>
  mlIntelligenceMetricsDataSchema.parse(await data('/api/ml/intelligence-metrics')).performance_trends;
const quickStats = async () => quickStatsSchema.parse(await data('/api/quick-stats'));

describe('the ML win rate and Quick Stats', () => {
  it('agree on the replayed history although insight last measured the ledger before it was replayed', async () => {
    // The first build runs at start, while the replay is still filling the ledger.
    expect((await mlTrends()).closed_trades).toBe(0);
    const { db, ledger, market, logger } = testApp.services;
    expect(
      (await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger))?.orders,
    ).toBeGreaterThan(0);

    const quick = await quickStats();
    const ml = await mlTrends();
    expect(quick.closed_trades).toBeGreaterThan(1);
    expect(ml.closed_trades).toBe(quick.closed_trades);
    expect(ml.win_rate! * 100).toBeCloseTo(quick.win_rate, 2);
    // The per-trade figures were measured again over the same trades, not left from the empty ledger.
    expect(ml.average_return).not.toBeNull();
    // The trade history's closed trades are the same sales.
    expect((await data('/api/trades/recent?range=all')).summary.closed_trades).toBe(quick.closed_trades);
  });

  it('follow trades closed after the last build', async () => {
    expect((await mlTrends()).closed_trades).toBe(0);
    const order = async (side: 'BUY' | 'SELL', quantity: number) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: { symbol: 'TCS', side, quantity },
      });
      expect(response.statusCode).toBe(201);
    };
    await order('BUY', 6);
    await order('SELL', 2);
    await order('SELL', 2);
    const quick = await quickStats();
    expect(quick.closed_trades).toBe(2);
    const ml = await mlTrends();
    expect(ml.closed_trades).toBe(2);
    expect(ml.win_rate! * 100).toBeCloseTo(quick.win_rate, 2);
  });
});
