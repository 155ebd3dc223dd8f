import { istDateOf } from '../../core/time/ist-time';
import { SqlAlertsRepository } from '../../storage/sql/alerts-repository';
import { SqlHaltsRepository } from '../../storage/sql/halts-repository';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';
import { STOP_NOT_RECORDED } from './trading-halt';

// The Emergency Stop's writes (the halt, the cancellations, the closing sales and their audit rows,
// the counts, the alert) are one unit: a write failing at any point keeps none of them.

let testApp: TestApp;
let headers: { authorization: string };
let logLines: string[];

beforeEach(async () => {
  logLines = [];
  testApp = await buildTestApp({ logStream: { write: (line: string) => logLines.push(line) } });
  ({ headers } = await signInForTest(testApp));
});
afterEach(async () => {
  jest.restoreAllMocks();
  await testApp.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const stop = () =>
  call('POST', '/api/risk/emergency-stop', { reason: 'Feed looks wrong', close_positions: true });
const today = () => istDateOf(testApp.services.market.clock.now());

/** What the stop would change, as the routes read it. */
async function books() {
  const { ledger } = testApp.services;
  return {
    halt: (await call('GET', '/api/risk/halt')).json().data.halted,
    pending: ledger.orders({ account: 'paper', status: 'PENDING', limit: 10, offset: 0 }).total,
    positions: ledger.positions('paper').map((p) => [p.symbol, p.quantity]),
    alerts: (await call('GET', '/api/risk/alerts'))
      .json()
      .data.filter((a: { kind: string }) => a.kind === 'halt').length,
    audit: (await call('GET', `/api/audit/orders/list?from=${today()}&to=${today()}`)).json().data.length,
  };
}

async function holdAndRest() {
  expect((await call('POST', '/api/orders', { symbol: 'TCS', side: 'BUY', quantity: 2 })).statusCode).toBe(
    201,
  );
  const limit = Math.floor((testApp.services.market.lastPrice('INFY')! / 100) * 0.8);
  const resting = await call('POST', '/api/orders', {
    ...{ symbol: 'INFY', side: 'BUY', type: 'LIMIT', quantity: 1, limit_price: limit },
  });
  expect(resting.json().data.status).toBe('PENDING');
}

describe('Emergency Stop in one commit', () => {
  it.each([
    ['the alert, its last write', () => jest.spyOn(SqlAlertsRepository.prototype, 'add')],
    ['the counts, after the sales', () => jest.spyOn(SqlHaltsRepository.prototype, 'recordEffects')],
  ])('keeps nothing when %s fails: no halt, orders pending, positions held, no audit row', async (_, spy) => {
    await holdAndRest();
    const before = await books();
    expect(before).toMatchObject({ halt: false, pending: 1, positions: [['TCS', 2]], alerts: 0 });
    const publish = jest.spyOn(testApp.services.stream, 'publish');
    spy().mockImplementation(() => {
      throw new Error('disk I/O error');
    });

    const failed = await stop();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ success: false, error: STOP_NOT_RECORDED });
    expect(await books()).toEqual(before);
    expect(logLines.find((line) => line.includes('Emergency Stop could not be recorded'))).toContain(
      'disk I/O error',
    );
    expect(publish.mock.calls.filter(([topic]) => topic === 'safety')).toEqual([]);
    // The gate answers from the halt as it was: an order is taken again.
    expect((await call('POST', '/api/orders', { symbol: 'TCS', side: 'SELL', quantity: 1 })).statusCode).toBe(
      201,
    );

    jest.restoreAllMocks();
    const pressedAgain = await stop();
    expect(pressedAgain.json().data).toMatchObject({
      halted: true,
      cancelled_orders: 1,
      closed_positions: 1,
    });
    expect(await books()).toMatchObject({
      halt: true,
      pending: 0,
      positions: [],
      alerts: 1,
      audit: before.audit + 2,
    });
  });

  it('announces the halt and its alert only once everything is written', async () => {
    await holdAndRest();
    const order: string[] = [];
    const add = jest.spyOn(SqlAlertsRepository.prototype, 'add');
    add.mockImplementation(function (this: SqlAlertsRepository, ...args) {
      order.push('alert written');
      add.mockRestore();
      return SqlAlertsRepository.prototype.add.apply(this, args);
    });
    jest.spyOn(testApp.services.stream, 'publish').mockImplementation((topic, message) => {
      if (topic === 'safety') order.push(`published ${(message as { kind: string }).kind}`);
    });
    expect((await stop()).statusCode).toBe(200);
    expect(order).toEqual(['alert written', 'published halt', 'published alert']);
  });
});
