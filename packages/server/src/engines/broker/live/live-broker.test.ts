import { invalidTokenReply } from '../../market/providers/upstox/test-support/fake-upstox-api';
import { LiveBroker } from './live-broker';
import { LiveBrokerError } from './live-broker-error';
import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';
import { TEST_ACCESS_TOKEN } from './test-support/signed-in-account';

describe('LiveBroker orders', () => {
  let h: LiveBrokerHarness;

  beforeEach(async () => {
    h = await liveBrokerHarness();
  });
  afterEach(() => h.fake.close());

  it('sends Upstox the product the order is charged as: intraday I for the loop’s same-day trades', async () => {
    await h.broker.submit(liveOrder({ product: 'I' }));
    const [request] = h.fake.requestsTo('POST', '/v3/order/place');
    expect(JSON.parse(request!.body)).toMatchObject({ product: 'I', transaction_type: 'BUY' });
  });

  it('places a market order as a delivery, day order with the Bearer token, and keeps it PENDING', async () => {
    const order = await h.broker.submit(liveOrder());
    const [request] = h.fake.requestsTo('POST', '/v3/order/place');
    expect(request!.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
    expect(JSON.parse(request!.body)).toEqual({
      quantity: 5,
      product: 'D',
      validity: 'DAY',
      price: 0,
      tag: `GENERIC${order.id}`,
      instrument_token: 'NSE_EQ|INE002A01018',
      order_type: 'MARKET',
      transaction_type: 'BUY',
      disclosed_quantity: 0,
      trigger_price: 0,
      is_amo: false,
    });
    expect(order).toMatchObject({
      account: 'live',
      symbol: 'RELIANCE',
      status: 'PENDING',
      brokerOrderId: '260112000000001',
      limitPrice: null,
      filledQuantity: 0,
      averagePrice: null,
      createdAt: h.clock.t,
    });
  });

  it('builds its own client from the account when given none: its base URL and current token', async () => {
    const broker = new LiveBroker({ account: h.account, now: () => h.clock.now() });
    await broker.submit(liveOrder());
    expect(h.fake.requestsTo('POST', '/v3/order/place')[0]!.authorization).toBe(
      `Bearer ${TEST_ACCESS_TOKEN}`,
    );
  });

  it('sends a limit order with its price in rupees', async () => {
    const order = await h.broker.submit(liveOrder({ type: 'LIMIT', side: 'SELL', limitPrice: 155_005 }));
    expect(h.fake.placed()[0]).toMatchObject({
      order_type: 'LIMIT',
      transaction_type: 'SELL',
      price: 1550.05,
    });
    expect(order.limitPrice).toBe(155_005);
  });

  it('queues a burst: the eleventh order goes out a full second after the first', async () => {
    await h.fake.close();
    const sentAt: number[] = [];
    h = await liveBrokerHarness({
      fetch: (url, init) => {
        if (String(url).endsWith('/v3/order/place')) sentAt.push(h.clock.now());
        return fetch(url, init);
      },
    });
    const orders = await Promise.all(Array.from({ length: 11 }, () => h.broker.submit(liveOrder())));
    expect(orders.every((o) => o.status === 'PENDING' && o.brokerOrderId)).toBe(true);
    expect(h.fake.placed()).toHaveLength(11);
    expect(sentAt[9]! - sentAt[0]!).toBe(0);
    expect(sentAt[10]! - sentAt[0]!).toBeGreaterThanOrEqual(1000);
  });

  it('waits Retry-After when Upstox answers 429 and places the order on the retry', async () => {
    let refused = false;
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => {
      if (refused) return { status: 200, body: { status: 'success', data: { order_ids: ['77'] } } };
      refused = true;
      return { status: 429, headers: { 'retry-after': '3' }, body: { status: 'error', errors: [] } };
    });
    const order = await h.broker.submit(liveOrder());
    expect(order.brokerOrderId).toBe('77');
    expect(h.clock.sleeps).toEqual([3000]);
  });

  it('cancels through DELETE /v3/order/cancel and reports what Upstox then says', async () => {
    const order = await h.broker.submit(liveOrder({ type: 'LIMIT', limitPrice: 150_000 }));
    const cancelled = await h.broker.cancel(order.id);
    expect(h.fake.requestsTo('DELETE', '/v3/order/cancel')[0]!.query.get('order_id')).toBe(
      order.brokerOrderId,
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(h.broker.order(order.id)?.status).toBe('CANCELLED');
  });

  it('says why Upstox would not cancel, and knows no order it did not place', async () => {
    const order = await h.broker.submit(liveOrder());
    h.fake.api.route('DELETE', /^\/v3\/order\/cancel$/, () => ({
      status: 400,
      body: {
        status: 'error',
        errors: [{ errorCode: 'UDAPI100040', message: 'Order is already completed' }],
      },
    }));
    await expect(h.broker.cancel(order.id)).rejects.toThrow(/would not cancel .*already completed/);
    await expect(h.broker.cancel('LVnope')).rejects.toMatchObject({ statusCode: 404, code: 'unknown_order' });
  });

  it('returns an order Upstox refused at placement as REJECTED with its reason', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({
      status: 400,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI1026', message: 'Instrument key is invalid' }] },
    }));
    const order = await h.broker.submit(liveOrder());
    expect(order.status).toBe('REJECTED');
    expect(order.rejectReason).toMatch(/Instrument key is invalid/);
  });

  it('asks the trader to sign in to Upstox again on a 401, without showing the token', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => invalidTokenReply);
    const attempt = h.broker.submit(liveOrder());
    await expect(attempt).rejects.toThrow(LiveBrokerError);
    const error = (await attempt.catch((e: unknown) => e)) as LiveBrokerError;
    expect(error.message).toMatch(/sign in to Upstox again/i);
    expect(error.message).not.toContain(TEST_ACCESS_TOKEN);
    expect(error.code).toBe('upstox_sign_in_required');
    expect(h.broker.list()).toEqual([]);
  });

  it('keeps an unanswered order PENDING and says it may have been placed', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({ status: 502, body: 'Bad gateway' }));
    await expect(h.broker.submit(liveOrder())).rejects.toThrow(/may have been placed/);
    expect(h.broker.list()).toMatchObject([{ status: 'PENDING', brokerOrderId: null }]);
  });

  it('refuses paper orders, replays and unknown symbols before calling Upstox', async () => {
    await expect(h.broker.submit(liveOrder({ account: 'paper' }))).rejects.toThrow(/live account only/);
    await expect(h.broker.submit(liveOrder({ simulatedReplay: true }))).rejects.toThrow(/replay/);
    await expect(h.broker.submit(liveOrder({ symbol: 'NOSUCH' }))).rejects.toThrow(/NOSUCH is not/);
    await expect(h.broker.submit(liveOrder({ type: 'LIMIT' }))).rejects.toThrow(/limit price/);
    await expect(h.broker.submit(liveOrder({ quantity: 2.5 }))).rejects.toThrow(/whole number/);
    expect(h.fake.api.requests).toEqual([]);
  });
});

describe('LiveBroker without a usable Upstox session', () => {
  it('refuses every call with the account’s sentence when nobody has signed in', async () => {
    const h = await liveBrokerHarness({ signedIn: false });
    try {
      const sentence = h.account.problem()!;
      expect(sentence).toMatch(/No Upstox session/);
      await expect(h.broker.submit(liveOrder())).rejects.toThrow(sentence);
      await expect(h.broker.cancel('LV1')).rejects.toThrow(sentence);
      await expect(h.broker.sync()).rejects.toThrow(sentence);
      await expect(h.broker.positions()).rejects.toThrow(sentence);
      expect(h.fake.api.requests).toEqual([]);
    } finally {
      await h.fake.close();
    }
  });

  it('refuses after the 03:30 IST expiry without calling Upstox', async () => {
    const h = await liveBrokerHarness();
    try {
      h.clock.t = Date.UTC(2026, 0, 12, 22, 0); // 03:30 IST on the 13th
      const attempt = h.broker.submit(liveOrder());
      await expect(attempt).rejects.toThrow('Your Upstox session expired at 03:30 IST.');
      await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'live_unavailable' });
      expect(h.fake.api.requests).toEqual([]);
    } finally {
      await h.fake.close();
    }
  });
});

describe('LiveBroker funds and background placement', () => {
  let h: LiveBrokerHarness;

  beforeEach(async () => {
    h = await liveBrokerHarness();
  });
  afterEach(() => h.fake.close());

  it('reads the equity segment’s available margin from GET /v2/user/get-funds-and-margin, in paise', async () => {
    h.fake.availableMarginRupees = 12_345.67;
    await expect(h.broker.funds()).resolves.toEqual({ availablePaise: 1_234_567 });
    const [request] = h.fake.requestsTo('GET', '/v2/user/get-funds-and-margin');
    expect(request!.query.get('segment')).toBe('SEC');
    expect(request!.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });

  it('says so when Upstox sends funds without an equity segment', async () => {
    h.fake.api.route('GET', /^\/v2\/user\/get-funds-and-margin$/, () => ({
      status: 200,
      body: { status: 'success', data: { commodity: { available_margin: 5 } } },
    }));
    await expect(h.broker.funds()).rejects.toThrow(/equity available margin/);
  });

  it('begin() records the PENDING order at once and places it in the background', async () => {
    const { order, placed } = h.broker.begin(liveOrder());
    expect(order).toMatchObject({ status: 'PENDING', brokerOrderId: null });
    expect(h.broker.order(order.id)?.status).toBe('PENDING');
    const settled = await placed;
    expect(settled).toMatchObject({ id: order.id, status: 'PENDING', brokerOrderId: '260112000000001' });
  });

  it('begin() throws synchronously what it refuses before calling Upstox', () => {
    expect(() => h.broker.begin(liveOrder({ symbol: 'NOSUCH' }))).toThrow(/NOSUCH is not/);
  });
});
