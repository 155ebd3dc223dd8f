import { PERFORMANCE_PERIODS } from '@td/contracts';
import { SqlLedgerReadRepository } from '../../storage/sql/ledger-read-repository';
import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { buildTestApp, type TestApp } from '../../test-support';
import { replayHistoryIntoEmptyLedger } from '../strategy/replay/history-replay';
import { PerformanceAnalyticsService } from './performance-analytics-service';

// The rebuild in slices (ready, replyWhenReady) against the direct one (reply) on the same ledger.

let testApp: TestApp;
/** A service of its own over the test app's ledger: 7 fills read a step, a turn of the event loop after each step. */
const service = () => {
  const { db, market } = testApp.services;
  return new PerformanceAnalyticsService({
    ledgerReads: new SqlLedgerReadRepository(db),
    orders: sqlLedgerStorage(db).ordersRepo,
    market,
    mode: () => 'paper',
    riskFreeRatePercent: 6.5,
    fillPage: 7,
    sliceBudgetMs: 0,
  });
};
const everyAnswer = async (analytics: PerformanceAnalyticsService, sliced: boolean) => {
  const answers: string[] = [];
  for (const period of PERFORMANCE_PERIODS) {
    for (const kind of ['analytics', 'returns'] as const) {
      answers.push(
        sliced ? await analytics.replyWhenReady(kind, { period }) : analytics.reply(kind, { period }),
      );
    }
  }
  return answers;
};

beforeAll(async () => {
  testApp = await buildTestApp();
  const { db, ledger, market, logger } = testApp.services;
  await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
});
afterAll(() => testApp.close());

describe('analytics rebuilt in slices', () => {
  it('answers exactly as the direct rebuild does', async () => {
    const sliced = await everyAnswer(service(), true);
    expect(JSON.parse(sliced.at(-2)!).data.total_trades).toBeGreaterThan(0); // period all
    expect(sliced).toEqual(await everyAnswer(service(), false));
  });

  it('waits for a build under way and then reads the rows added during it', async () => {
    const analytics = service();
    const first = analytics.replyWhenReady('analytics', { period: 'all' });
    const { ledger } = testApp.services;
    ledger.setBalance('paper', ledger.cashPaise('paper') + 5_000_00, 'A deposit during the rebuild');
    const second = analytics.replyWhenReady('analytics', { period: 'all' });
    await first;
    expect(await second).toEqual(service().reply('analytics', { period: 'all' }));
  });

  it('keeps nothing of a build the server stopped half way, and answers 503 for it', async () => {
    const analytics = service();
    const pending = analytics.replyWhenReady('analytics', { period: 'all' });
    await analytics.stop();
    await expect(pending).rejects.toMatchObject({ statusCode: 503 });
    await expect(analytics.ready()).rejects.toMatchObject({ statusCode: 503 });
    // Nothing half built was kept: the direct path still builds the whole history.
    expect(analytics.reply('returns', { period: 'all' })).toEqual(
      service().reply('returns', { period: 'all' }),
    );
  });
});
