import { HttpError } from '../../core/errors';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const SENTENCE =
  'The paper account is being prepared from 60 sessions of history (34 of 60 done); orders open when it finishes.';

/** The start-up replay, 34 sessions of 60 into the history. */
function replayUnderWay() {
  const preparation = testApp.services.paperPreparation;
  preparation.begin(60);
  for (let i = 0; i < 34; i++) preparation.advance();
  return preparation;
}

const orderCount = () => testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total;

describe('paper orders while the start-up replay prepares the account', () => {
  it('refuses a manual order with 503 and the replay’s progress, writes nothing, and takes it once the replay ends', async () => {
    const preparation = replayUnderWay();
    const refused = await call('POST', '/api/orders', { symbol: 'RELIANCE', side: 'BUY', quantity: 15 });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      success: false,
      error: SENTENCE,
      code: 'paper_account_preparing',
      sessions_done: 34,
      sessions_total: 60,
    });
    expect(orderCount()).toBe(0);

    preparation.finish();
    const placed = await call('POST', '/api/orders', { symbol: 'RELIANCE', side: 'BUY', quantity: 15 });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.status).toBe('FILLED');
  });

  it('refuses the loop’s orders (the paper venue’s path) with the same sentence', () => {
    replayUnderWay();
    const { trading } = testApp.services;
    const place = () =>
      trading.placeOrder({
        account: 'paper',
        symbol: 'TCS',
        side: 'BUY',
        type: 'MARKET',
        quantity: 1,
        strategy: 'ensemble',
      });
    expect(place).toThrow(SENTENCE);
    expect(place).toThrow(HttpError);
    expect(orderCount()).toBe(0);
  });

  it('refuses a reset and a balance edit, which the replay would trade over', async () => {
    replayUnderWay();
    const cash = testApp.services.ledger.cashPaise('paper');
    for (const [url, payload] of [
      ['/api/trading/paper-reset', { balance: 1_000_000 }],
      ['/api/trading/paper/balance', { balance: 500_000 }],
    ] as const) {
      const response = await call('POST', url, payload);
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toBe(SENTENCE);
    }
    expect(testApp.services.ledger.cashPaise('paper')).toBe(cash);
  });

  it('halts on Emergency Stop but sells nothing: the positions are the replay’s history, not today’s', async () => {
    // A position in the account as the replay books its own (through the same ledger).
    const bought = await call('POST', '/api/orders', { symbol: 'TCS', side: 'BUY', quantity: 2 });
    expect(bought.statusCode).toBe(201);
    const { ledger } = testApp.services;
    replayUnderWay();
    const stop = await call('POST', '/api/risk/emergency-stop', { reason: 'Test', close_positions: true });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().data).toMatchObject({ halted: true, closed_positions: 0 });
    expect(ledger.positions('paper')).toEqual([expect.objectContaining({ symbol: 'TCS', quantity: 2 })]);
    expect(orderCount()).toBe(1);
  });

  it('shows the sentence as the paper loop’s status (top bar and dashboard) until the replay ends', async () => {
    const preparation = replayUnderWay();
    const during = (await call('GET', '/api/engines/status')).json().data;
    expect(during.trading_loop).toMatchObject({ status: 'waiting', status_text: SENTENCE });
    expect(during.engines.trading_loop.detail).toBe(SENTENCE);
    preparation.finish();
    const after = (await call('GET', '/api/engines/status')).json().data;
    expect(after.trading_loop.status_text).not.toBe(SENTENCE);
  });
});
