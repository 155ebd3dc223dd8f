import { istDateOf } from '../../core/time/ist-time';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };
let token: string;

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
  token = headers.authorization.slice('Bearer '.length);
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const order = (payload: object) => call('POST', '/api/orders', payload);
const today = () => istDateOf(testApp.services.market.clock.now());
const listed = async () =>
  (await call('GET', `/api/audit/orders/list?from=${today()}&to=${today()}`)).json().data as {
    order_id: string;
    origin: string;
    decided_by: string;
    actor: string;
    outcome: string;
    detail: string | null;
    side: string;
    symbol: string;
  }[];

describe('order audit trail', () => {
  it('records a manual order with the trader’s email, never the session token', async () => {
    const placed = (await order({ symbol: 'INFY', side: 'BUY', quantity: 2 })).json().data;
    const [entry] = await listed();
    expect(entry).toMatchObject({
      order_id: placed.id,
      origin: 'manual',
      decided_by: 'origin',
      actor: testApp.config.traderEmail,
      symbol: 'INFY',
      side: 'BUY',
      quantity: 2,
      outcome: 'FILLED',
    });
    expect(JSON.stringify(await listed())).not.toContain(token);
  });

  it('records a refusal by the Emergency Stop, and the halt’s closing sale as close-all', async () => {
    await order({ symbol: 'TCS', side: 'BUY', quantity: 1 });
    await call('POST', '/api/risk/emergency-stop', { reason: 'Feed looks wrong', close_positions: true });
    const refused = await order({ symbol: 'INFY', side: 'BUY', quantity: 1 });
    expect(refused.statusCode).toBe(422);
    const entries = await listed();
    expect(entries.find((e) => e.origin === 'close_all')).toMatchObject({
      symbol: 'TCS',
      side: 'SELL',
      decided_by: 'origin',
      actor: 'emergency_stop',
      outcome: 'FILLED',
    });
    expect(entries.at(-1)).toMatchObject({
      order_id: refused.json().data.id,
      origin: 'manual',
      decided_by: 'halt',
      outcome: 'REJECTED',
      detail: refused.json().error,
    });
  });

  it('records a refusal by a circuit breaker’s halt as the breaker’s', async () => {
    testApp.services.safety.trip('market_drop', 'NIFTY fell 3.2% in 15 minutes');
    const refused = await order({ symbol: 'INFY', side: 'BUY', quantity: 1 });
    expect(refused.statusCode).toBe(422);
    expect((await listed()).at(-1)).toMatchObject({ decided_by: 'circuit_breaker', outcome: 'REJECTED' });
  });

  it('records a rejection by a risk limit', async () => {
    const limits = (await call('GET', '/api/risk/limits')).json().data;
    await call('POST', '/api/risk/limits', {
      position_limits: { ...limits.position_limits, max_position_size: 0.5, max_single_stock: 0.8 },
      loss_limits: limits.loss_limits,
    });
    const refused = await order({ symbol: 'RELIANCE', side: 'BUY', quantity: 100 });
    expect(refused.statusCode).toBe(422);
    expect((await listed()).at(-1)).toMatchObject({ decided_by: 'risk_limit', outcome: 'REJECTED' });
  });

  it('exports the day as CSV, one row per decision, oldest first', async () => {
    const first = (await order({ symbol: 'INFY', side: 'BUY', quantity: 2 })).json().data;
    const second = (await order({ symbol: 'TCS', side: 'BUY', quantity: 1 })).json().data;
    const response = await call('GET', `/api/audit/orders?from=${today()}&to=${today()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="order-audit-${today()}-to-${today()}.csv"`,
    );
    const [header, ...rows] = response.body.trim().split(/\r?\n/);
    expect(header).toBe(
      'Time (IST),Order ID,Account,Origin,Actor,Decision,Symbol,Side,Quantity,Price,Outcome,Signal,Reasons,Detail',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`,${first.id},paper,manual,${testApp.config.traderEmail},placed,INFY,BUY,2,`);
    expect(rows[1]).toContain(`,${second.id},paper,manual,`);
  });

  it('leaves days outside the range out', async () => {
    await order({ symbol: 'INFY', side: 'BUY', quantity: 2 });
    const response = await call('GET', '/api/audit/orders?from=2020-01-01&to=2020-01-31');
    expect(response.body.trim().split(/\r?\n/)).toHaveLength(1);
  });

  it.each([
    ['', 'Invalid from: from is required'],
    ['from=2026-01-05', 'Invalid to: to is required'],
    ['from=05-01-2026&to=2026-01-06', 'Invalid from: from must be a date like 2026-04-01'],
    ['from=2026-02-30&to=2026-03-01', 'Invalid from: from is not a real calendar date'],
    ['from=2026-02-01&to=2026-01-01', 'Invalid to: from must be on or before to: swap the two dates'],
    ['from=2025-01-01&to=2026-01-02', 'Invalid to: the range is more than 366 days: export a year at a time'],
  ])('answers %p with 400 and a sentence', async (query, error) => {
    const response = await call('GET', `/api/audit/orders?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/audit/orders?from=2026-01-05&to=2026-01-05',
    });
    expect(response.statusCode).toBe(401);
  });
});
