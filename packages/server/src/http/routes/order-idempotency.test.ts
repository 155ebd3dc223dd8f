import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const order = (payload: object, key?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload,
  });
const cashPaise = () => testApp.services.ledger.cashPaise('paper');
const orderCount = () => testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total;
const fills = () => testApp.services.ledger.fills();

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers a retry with the original order, status and all, and places nothing more', async () => {
    const before = cashPaise();
    const first = await order({ symbol: 'TCS', side: 'BUY', quantity: 5 }, 'click-0001');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const placed = first.json().data;
    expect(placed).toMatchObject({ status: 'FILLED', idempotencyKey: 'click-0001' });
    const debited = before - cashPaise();
    expect(debited).toBeGreaterThan(0);

    const retry = await order({ symbol: 'TCS', side: 'BUY', quantity: 5 }, 'click-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(placed);
    expect(before - cashPaise()).toBe(debited); // the cash moved once
    expect(orderCount()).toBe(1);
    expect(fills()).toHaveLength(1);
  });

  it('answers a retry of a refused order with the same refusal, not a second order', async () => {
    const first = await order({ symbol: 'TCS', side: 'SELL', quantity: 1 }, 'sell-nothing');
    expect(first.statusCode).toBe(422);
    const retry = await order({ symbol: 'TCS', side: 'SELL', quantity: 1 }, 'sell-nothing');
    expect(retry.statusCode).toBe(422);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(orderCount()).toBe(1);
  });

  it('refuses the key reused for a different order with a 409 that says so, and places nothing', async () => {
    const first = await order({ symbol: 'TCS', side: 'BUY', quantity: 5 }, 'click-0002');
    const cash = cashPaise();
    const reused = await order({ symbol: 'TCS', side: 'BUY', quantity: 6 }, 'click-0002');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ success: false, code: 'idempotency_key_reused' });
    expect(reused.json().error).toMatch(
      new RegExp(
        `click-0002 was already used for a different order \\(BUY 5 TCS, ${first.json().data.id}\\)`,
      ),
    );
    expect(cashPaise()).toBe(cash);
    expect(orderCount()).toBe(1);
  });

  it('refuses a key that is empty, too long or not printable with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['', /Idempotency-Key header: it must not be empty/],
      ['k'.repeat(129), /Idempotency-Key header: it is at most 128 characters/],
      ['clé-1', /Idempotency-Key header: it must be printable ASCII/],
    ];
    for (const [key, message] of cases) {
      const response = await order({ symbol: 'TCS', side: 'BUY', quantity: 1 }, key);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 400 });
      expect(response.json().error).toMatch(message);
    }
    expect((await order({ symbol: 'TCS', side: 'BUY', quantity: 1 }, 'k'.repeat(128))).statusCode).toBe(201);
    expect(orderCount()).toBe(1);
  });

  it('places exactly one order for two requests racing with the same key', async () => {
    const before = cashPaise();
    const body = { symbol: 'INFY', side: 'BUY', quantity: 3 };
    const replies = await Promise.all([order(body, 'race-1'), order(body, 'race-1'), order(body, 'race-1')]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(replies.map((reply) => reply.json().data.id));
    expect(ids.size).toBe(1);
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(orderCount()).toBe(1);
    expect(fills()).toHaveLength(1);
    const [only] = replies.map((reply) => reply.json().data);
    expect(before - cashPaise()).toBe(only.averagePrice * 3 + only.chargesPaise);
  });

  it('places a new order for each request without a key, as before', async () => {
    await order({ symbol: 'TCS', side: 'BUY', quantity: 1 });
    await order({ symbol: 'TCS', side: 'BUY', quantity: 1 });
    expect(orderCount()).toBe(2);
  });
});
