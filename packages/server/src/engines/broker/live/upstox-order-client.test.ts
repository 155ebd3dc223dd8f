import { UpstoxAuthError } from '../../market/providers/upstox';
import { invalidTokenReply } from '../../market/providers/upstox/test-support/fake-upstox-api';
import { OrderRateLimitError, OrderThrottle } from './order-throttle';
import { FakeClock } from './test-support/fake-clock';
import { FakeUpstoxOrders } from './test-support/fake-upstox-orders';
import { UpstoxNoAnswerError, UpstoxOrderClient } from './upstox-order-client';
import type { UpstoxPlaceOrderBody } from './upstox-order-shapes';

const TOKEN = 'eyJ0eXAiOiJKV1QifQ.e30.order-client-signature';

const marketBuy: UpstoxPlaceOrderBody = {
  quantity: 5,
  product: 'D',
  validity: 'DAY',
  price: 0,
  tag: 'LV0001',
  instrument_token: 'NSE_EQ|INE002A01018',
  order_type: 'MARKET',
  transaction_type: 'BUY',
  disclosed_quantity: 0,
  trigger_price: 0,
  is_amo: false,
};

const tooManyRequests = (retryAfter: string) => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
});

describe('UpstoxOrderClient', () => {
  let fake: FakeUpstoxOrders;
  let clock: FakeClock;
  let client: UpstoxOrderClient;

  beforeEach(async () => {
    fake = new FakeUpstoxOrders();
    clock = new FakeClock();
    client = new UpstoxOrderClient({
      baseUrl: await fake.listen(),
      accessToken: () => TOKEN,
      throttle: new OrderThrottle({ clock }),
    });
  });
  afterEach(() => fake.close());

  it('places an order as JSON with the Bearer token and returns Upstox order ids', async () => {
    const ids = await client.placeOrder(marketBuy);
    expect(ids).toEqual(['260112000000001']);
    const [request] = fake.requestsTo('POST', '/v3/order/place');
    expect(request!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request!.body)).toEqual(marketBuy);
  });

  it('modifies with PUT /v3/order/modify and cancels with DELETE /v3/order/cancel?order_id=', async () => {
    const [id] = await client.placeOrder({ ...marketBuy, order_type: 'LIMIT', price: 1550.5 });
    const modify = {
      order_id: id!,
      quantity: 3,
      validity: 'DAY' as const,
      price: 1549.95,
      order_type: 'LIMIT' as const,
      trigger_price: 0,
    };
    await expect(client.modifyOrder(modify)).resolves.toBe(id);
    expect(JSON.parse(fake.requestsTo('PUT', '/v3/order/modify')[0]!.body)).toEqual(modify);
    await expect(client.cancelOrder(id!)).resolves.toBe(id);
    expect(fake.requestsTo('DELETE', '/v3/order/cancel')[0]!.query.get('order_id')).toBe(id);
  });

  it('reads the order book, trades, positions and holdings from their v2 paths', async () => {
    const [id] = await client.placeOrder(marketBuy);
    expect((await client.orderBook()).map((row) => row.order_id)).toEqual([id]);
    expect((await client.orderDetails(id!)).status).toBe('open');
    await expect(client.tradesForDay()).resolves.toEqual([]);
    await expect(client.shortTermPositions()).resolves.toEqual([]);
    await expect(client.longTermHoldings()).resolves.toEqual([]);
    const paths = fake.api.requests.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v2/order/retrieve-all',
        '/v2/order/details',
        '/v2/order/trades/get-trades-for-day',
        '/v2/portfolio/short-term-positions',
        '/v2/portfolio/long-term-holdings',
      ]),
    );
  });

  it('waits the Retry-After of a 429 and sends the same order again', async () => {
    let refused = false;
    fake.api.route('POST', /^\/v3\/order\/place$/, () => {
      if (refused) return { status: 200, body: { status: 'success', data: { order_ids: ['9001'] } } };
      refused = true;
      return tooManyRequests('2');
    });
    const start = clock.t;
    await expect(client.placeOrder(marketBuy)).resolves.toEqual(['9001']);
    expect(fake.requestsTo('POST', '/v3/order/place')).toHaveLength(2);
    expect(clock.sleeps).toEqual([2000]);
    expect(clock.t - start).toBe(2000);
  });

  it('backs off one second when a 429 has no Retry-After, and stops after three tries', async () => {
    fake.api.route('POST', /^\/v3\/order\/place$/, () => ({
      status: 429,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
    }));
    await expect(client.placeOrder(marketBuy)).rejects.toThrow(OrderRateLimitError);
    expect(fake.requestsTo('POST', '/v3/order/place')).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('turns a 401 into UpstoxAuthError and a 5xx into "no answer", never retrying either', async () => {
    fake.api.route('DELETE', /^\/v3\/order\/cancel$/, () => invalidTokenReply);
    await expect(client.cancelOrder('1')).rejects.toThrow(UpstoxAuthError);
    fake.api.route('POST', /^\/v3\/order\/place$/, () => ({ status: 503, body: 'upstream down' }));
    await expect(client.placeOrder(marketBuy)).rejects.toThrow(UpstoxNoAnswerError);
    expect(fake.requestsTo('POST', '/v3/order/place')).toHaveLength(1);
  });

  it('sends Api-Version 2.0 only on the v2 paths', async () => {
    const headers: Record<string, string | undefined> = {};
    const seen = new UpstoxOrderClient({
      baseUrl: client.baseUrl,
      accessToken: () => TOKEN,
      fetch: async (url, init) => {
        headers[new URL(String(url)).pathname] = (init!.headers as Record<string, string>)['Api-Version'];
        return fetch(url, init);
      },
    });
    await seen.orderBook();
    await seen.placeOrder(marketBuy);
    expect(headers).toEqual({ '/v2/order/retrieve-all': '2.0', '/v3/order/place': undefined });
  });
});
